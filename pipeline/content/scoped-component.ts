import type { Nodes, RootContent } from 'mdast';
import { treeComponentDefinitions, type ComponentDefinition } from './component-definitions.ts';
import './page-data.ts';

/** A component with a JSX body, and the components its body may call (those of the file that defines it). */
export interface ScopedComponent {
  definition: ComponentDefinition;
  definitions: ReadonlyMap<string, ComponentDefinition>;
}

/** The components a tree's top-level ESM defines, each scoped to that tree. */
export function localComponents(children: readonly RootContent[]): Map<string, ScopedComponent> {
  const definitions = treeComponentDefinitions(children);
  return new Map([...definitions].map(([name, definition]) => [name, { definition, definitions }]));
}

/** Whether a node calls a component whose JSX body the scope knows, and is not already what such a body rendered. */
export function definedCall(node: Nodes, definitions: ReadonlyMap<string, ScopedComponent>): boolean {
  return (
    (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') &&
    node.name !== null &&
    node.data?.renderedBy === undefined &&
    definitions.has(node.name)
  );
}

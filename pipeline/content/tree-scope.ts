import type { RootContent } from 'mdast';
import { localComponents, type ScopedComponent } from './scoped-component.ts';

/** The state of one tree being inlined: the page's or a snippet's. */
export interface TreeScope {
  file: string;
  /** The chain of files being inlined, the page first. */
  stack: readonly string[];
  /** Imported component name → site file, filled as the imports are met in document order. */
  components: Map<string, string>;
  /** The names of default imports: a default import of an `.md`/`.mdx` file stands for the snippet's content. */
  defaultImports: Set<string>;
  /** Components with a JSX body this tree defines or imports by name, each with the components of its own file. */
  definitions: Map<string, ScopedComponent>;
}

/** A new scope for the tree of `file` (its top-level `children`), inlined through the chain `stack`. */
export function treeScope(file: string, stack: readonly string[], children: readonly RootContent[]): TreeScope {
  return { file, stack, components: new Map(), defaultImports: new Set(), definitions: localComponents(children) };
}

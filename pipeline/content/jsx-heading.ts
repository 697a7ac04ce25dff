import type { JsxElement } from './jsx-attribute.ts';

/** A JSX heading element written in MDX (`<h2 id="custom">Title</h2>`): a heading like `## Title {#custom}`. */
const JSX_HEADING = /^h([1-6])$/;

/** The depth of a JSX heading element (`h1`…`h6`), else undefined. */
export function headingDepth(node: JsxElement): number | undefined {
  const depth = JSX_HEADING.exec(node.name ?? '')?.[1];
  return depth === undefined ? undefined : Number(depth);
}

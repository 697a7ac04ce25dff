import type { Nodes } from 'mdast';
import type { JsxElement } from './jsx-attribute.ts';

/** A JSX heading element written in MDX (`<h2 id="custom">Title</h2>`): a heading like `## Title {#custom}`. */
const JSX_HEADING = /^h([1-6])$/;

/** The depth of a JSX heading element (`h1`…`h6`), else undefined. */
export function headingDepth(node: JsxElement): number | undefined {
  const depth = JSX_HEADING.exec(node.name ?? '')?.[1];
  return depth === undefined ? undefined : Number(depth);
}

/** The JSX heading a paragraph holds alone (`<h2 id="x">Title</h2>` on its own line, blank text aside), else undefined. */
export function soleJsxHeading(children: readonly Nodes[]): JsxElement | undefined {
  let heading: JsxElement | undefined;
  for (const child of children) {
    if (child.type === 'text' && child.value.trim() === '') continue;
    if (heading || child.type !== 'mdxJsxTextElement' || headingDepth(child) === undefined) return undefined;
    heading = child;
  }
  return heading;
}

import type { Nodes } from 'mdast';
import { STRUCTURAL_COMPONENTS } from './component-text.ts';

/** Inline (phrasing) node types: their text joins the current line. */
const PHRASING: ReadonlySet<string> = new Set([
  'text',
  'inlineCode',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'image',
  'imageReference',
  'break',
  'html',
  'mdxTextExpression',
  'mdxJsxTextElement',
  'footnoteReference',
  'inlineMath',
]);

/**
 * HTML elements that render as a block or a line break: written inline (`<td><p>a</p><ul><li>b</li></ul></td>`,
 * `a<br/>b`), their text still stands apart from the text beside it, as the browser shows it.
 */
const HTML_SEPARATING_ELEMENTS: ReadonlySet<string> = new Set([
  ...['address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'div', 'dl', 'dt'],
  ...['figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav'],
  ...['ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul'],
]);

/** Whether an element's text stands apart from its neighbours' when joined into a line: an HTML block or line break. */
export function separatesWords(node: Nodes): boolean {
  return (
    (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') &&
    node.name !== null &&
    HTML_SEPARATING_ELEMENTS.has(node.name)
  );
}

/** Whether a node is a JSX element that structures content: a structural component or one the page imports (`data.importedFrom`). */
export function isBlockComponent(node: Nodes): boolean {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return false;
  return node.name !== null && (STRUCTURAL_COMPONENTS.has(node.name) || node.data?.importedFrom !== undefined);
}

/**
 * Whether a child of a block starts a line of its own (a block node, a block component, or an HTML table row `<tr>`
 * written inline) rather than joining the current line. Only children that start a line can hold sections or an inlined snippet.
 */
export function startsOwnLine(node: Nodes): boolean {
  return (
    !PHRASING.has(node.type) || isBlockComponent(node) || (node.type === 'mdxJsxTextElement' && node.name === 'tr')
  );
}

/**
 * How many leading children of a ParamField/ResponseField are its description (paragraphs and inline text,
 * up to the first block component or other block): they join the field's line, the rest follows as blocks.
 */
export function fieldDescriptionLength(children: readonly Nodes[]): number {
  let index = 0;
  for (; index < children.length; index += 1) {
    const child = children[index] as Nodes;
    if (isBlockComponent(child) || (child.type !== 'paragraph' && !PHRASING.has(child.type))) break;
  }
  return index;
}

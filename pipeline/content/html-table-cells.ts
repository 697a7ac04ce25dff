import type { Nodes } from 'mdast';
import type { JsxElement } from './jsx-attribute.ts';

/** HTML table cells written in MDX: a row's cells are one line, joined like a Markdown table row's. */
const TABLE_CELL = /^t[dh]$/;

/** The `<td>`/`<th>` cells of an HTML table row: its cell children, also those in a paragraph (`<td>a</td><td>b</td>` on one line). */
export function tableCells(children: readonly Nodes[]): JsxElement[] {
  return children.flatMap((child): JsxElement[] => {
    if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && TABLE_CELL.test(child.name ?? ''))
      return [child];
    return child.type === 'paragraph' ? tableCells(child.children) : [];
  });
}

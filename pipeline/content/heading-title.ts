import type { Nodes, Root, RootContent } from 'mdast';
import remarkSmartypants from 'remark-smartypants';
import { unified } from 'unified';

/** What SmartyPants rewrites: quotes, `--`, `...` and ``` `` ```. A title without them is left as it is. */
const SMARTYPANTS_INPUT = /["'`]|--|\.\.\./;
const smartypants = unified().use(remarkSmartypants).freeze();

/**
 * The title the platform slugs a heading's id from (`@mintlify/common` `getTableOfContentsTitle` after
 * `remark-smartypants`, which its MDX pipeline runs first): the heading's text and inline code, in order, with
 * quotes curled, `--` made `—` and `...` made `…` in the text (not the code). Images, math, HTML, expressions and
 * breaks add nothing. `## "Access Denied" errors` → `“Access Denied” errors`, ``## The `'x'` option`` → ``The 'x' option``.
 */
export function headingTitle(heading: Nodes): string {
  const plain = tocTitle(heading);
  if (!SMARTYPANTS_INPUT.test(plain)) return plain;
  // remark-smartypants reads a heading (a block it starts with a space) on its own: the same quotes as in the page.
  const root: Root = { type: 'root', children: [structuredClone(heading) as RootContent] };
  smartypants.runSync(root);
  return tocTitle(root);
}

/** `getTableOfContentsTitle`: text and inline code values, the children of everything else. */
function tocTitle(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (!('children' in node)) return '';
  let title = '';
  for (const child of node.children) title += tocTitle(child);
  return title;
}

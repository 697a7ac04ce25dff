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
 * A quote at either end of the heading is curled as the text around it on the page makes it (`data.quoteBefore` and
 * `data.quoteAfter`, `remarkHeadingQuoteContext`): after `…found.` an opening one closes, `”Not found”`, as on the
 * platform. With `curled` false (a heading of a `<Snippet file>`'s content, which the platform injects after
 * SmartyPants ran) the text is taken as written: `## What's new -- today` stays `What's new -- today`.
 */
export function headingTitle(heading: Nodes, curled = true): string {
  const plain = tocTitle(heading);
  if (!curled || !SMARTYPANTS_INPUT.test(plain)) return plain;
  const clone = structuredClone(heading) as RootContent;
  const { quoteBefore = '', quoteAfter = '' } = heading.data ?? {};
  // remark-smartypants 3.0.3 starts a heading with a space; the text around it on the page stands either side, as
  // text nodes of their own (dashes and ellipses are made node by node, so they join no `--` or `...` to the title),
  // dropped after.
  const children = 'children' in clone ? (clone.children as RootContent[]) : undefined;
  if (children && quoteBefore !== '') children.unshift({ type: 'text', value: quoteBefore });
  if (children && quoteAfter !== '') children.push({ type: 'text', value: quoteAfter });
  const root: Root = { type: 'root', children: [clone] };
  smartypants.runSync(root);
  if (children && quoteBefore !== '') children.shift();
  if (children && quoteAfter !== '') children.pop();
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

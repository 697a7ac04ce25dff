import type { Nodes, Root } from 'mdast';
import { headingDepth } from './jsx-heading.ts';
import type { JsxElement } from './jsx-attribute.ts';

/**
 * How much of the text either side of a heading is kept: SmartyPants curls a quote by its neighbours (`it."` closes,
 * ` ."` opens, `""` leaves one straight), so the nearest word or two decide.
 */
const CONTEXT_LENGTH = 32;

/** JSX text elements whose text `remark-smartypants` 3.0.2 leaves alone (`IGNORED_HTML_ELEMENTS`). */
const IGNORED_ELEMENTS = new Set(['style', 'script']);

/**
 * Unified plugin (after remark-mdx and `remarkUnravelJsx`, before snippets are inlined): sets `data.quoteBefore` and
 * `data.quoteAfter` on each Markdown heading and JSX heading element, the text SmartyPants reads right before and
 * right after it on the platform. `@mintlify/common` pins `remark-smartypants` 3.0.2, which joins the text of the
 * whole page into one string (text, inline code as that many `A`s, and a space where a paragraph starts — not a
 * heading or a table cell) before it curls quotes: a heading opening with `"` after a paragraph that ends in a word
 * gets a closing quote there (`”Not found”`), and its id keeps it. Snippets are inlined after this runs, so their
 * headings get no context: a `<Snippet file>`'s are not curled (the platform injects them after SmartyPants), an
 * imported snippet's are curled on their own (`headingTitle`).
 */
export function remarkHeadingQuoteContext() {
  return (tree: Root): void => {
    let joined = '';
    const open: { heading: Nodes; start: number }[] = [];
    const ranges: { heading: Nodes; start: number; end: number }[] = [];
    const pending: ({ node: Nodes; parent: Nodes | undefined } | { exit: number })[] = [
      { node: tree, parent: undefined },
    ];
    while (pending.length > 0) {
      const item = pending.pop()!;
      if ('exit' in item) {
        const { heading, start } = open.pop()!;
        ranges.push({ heading, start, end: joined.length });
        continue;
      }
      const { node, parent } = item;
      if (parent && read(parent)) joined += joinedText(node);
      if (isHeading(node)) {
        open.push({ heading: node, start: joined.length });
        pending.push({ exit: 0 });
      }
      if ('children' in node)
        for (let index = node.children.length - 1; index >= 0; index--)
          pending.push({ node: node.children[index] as Nodes, parent: node });
    }
    for (const { heading, start, end } of ranges) {
      const data = (heading.data ??= {});
      data.quoteBefore = joined.slice(Math.max(0, start - CONTEXT_LENGTH), start);
      data.quoteAfter = joined.slice(end, end + CONTEXT_LENGTH);
    }
  };
}

/** What remark-smartypants 3.0.2 joins in for a node: a text's value, inline code as `A`s, a space for a paragraph. */
function joinedText(node: Nodes): string {
  if (node.type === 'paragraph') return ' ';
  if (node.type === 'text') return node.value;
  if (node.type === 'inlineCode') return 'A'.repeat(node.value.length);
  return '';
}

/** Whether SmartyPants reads the text children of `parent`: all but a `<style>` or `<script>` (or nameless) text element's. */
function read(parent: Nodes): boolean {
  return parent.type !== 'mdxJsxTextElement' || (typeof parent.name === 'string' && !IGNORED_ELEMENTS.has(parent.name));
}

function isHeading(node: Nodes): boolean {
  if (node.type === 'heading') return true;
  return (
    (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') &&
    headingDepth(node as JsxElement) !== undefined
  );
}

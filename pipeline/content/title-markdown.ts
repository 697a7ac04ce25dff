import type { PhrasingContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { plainInlineStyle, type InlineStyle } from './inline-style.ts';

/** Components whose `title` the platform reads as Markdown (`@mintlify/common` `TITLE_COMPONENTS`). */
export const MARKDOWN_TITLE_COMPONENTS: ReadonlySet<string> = new Set([
  'Accordion',
  'Card',
  'Color.Row',
  'Step',
  'Tab',
  'Tile',
]);

/** Characters without which a title has no Markdown to read. */
const MARKDOWN_MARK = /[*_`[~<&\\]/;
/** What the title is read after, so that it is one paragraph whatever it starts with (`# x`, `- x`, `1. x`). */
const PREFIX = 'title: ';
const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/**
 * A component title as the platform reads it (`titleMarkdownToText`, `parseTitleMarkdown`): one line of Markdown
 * whose code spans, emphasis, strikethrough and links (to a URL, a path or an anchor) are written in `style` (plain
 * text by default: their text, which the platform slugs), and anything else — an image, HTML, a link to no address —
 * as written.
 */
export function titleMarkdown(title: string, style: InlineStyle = plainInlineStyle): string {
  if (!MARKDOWN_MARK.test(title)) return style.text(title);
  const source = `${PREFIX}${title.replace(/\n/g, ' ')}`;
  const root = parser.parse(source);
  const paragraph = root.children.length === 1 ? root.children[0] : undefined;
  if (paragraph?.type !== 'paragraph') return style.text(title);
  const written = phrasing(paragraph.children, source, style);
  return written.startsWith(style.text(PREFIX)) ? written.slice(style.text(PREFIX).length) : style.text(title);
}

function phrasing(nodes: readonly PhrasingContent[], source: string, style: InlineStyle): string {
  let written = '';
  for (const node of nodes) {
    if (node.type === 'text') written += style.text(node.value.replace(/\n/g, ' '));
    else if (node.type === 'inlineCode') written += style.code(node.value);
    else if (node.type === 'emphasis') written += style.emphasis(phrasing(node.children, source, style));
    else if (node.type === 'strong') written += style.strong(phrasing(node.children, source, style));
    else if (node.type === 'delete') written += style.delete(phrasing(node.children, source, style));
    else if (node.type === 'link' && isAddress(node.url) && sourceOf(node, source).startsWith('['))
      written += style.link(phrasing(node.children, source, style), node.url);
    else written += style.text(sourceOf(node, source));
  }
  return written;
}

/** A link destination the platform keeps as a link: a URL, `mailto:`/`tel:`, a path, an anchor or a domain. */
function isAddress(url: string): boolean {
  const destination = url.trim();
  return (
    destination.length > 0 &&
    (/^(?:https?:\/\/|mailto:|tel:|\/|#|\.\.?\/)/i.test(destination) ||
      destination.includes('/') ||
      /^[^\s@]+\.[^\s]+$/u.test(destination))
  );
}

function sourceOf(node: PhrasingContent, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? '' : source.slice(start, end);
}

import { escapeMarkdownText, markdownTableRow } from '../../contract/markdown-text.ts';
import type { InlineStyle } from './inline-style.ts';

/** A link destination that must be written between `<` and `>`: one holding whitespace, parentheses or angle brackets. */
const BRACKETED_DESTINATION = /[\s()<>]/;
const CONTENT_EDGES = /^(\s*)([\s\S]*?)(\s*)$/;

/**
 * Inline content as Markdown: text escaped where Markdown would misread it, code as a code span (fenced by more
 * backticks than it holds), links as `[content](url)` with the URL as the page wrote it, emphasis, strong and
 * strikethrough marked, table rows as GFM rows under a delimiter row.
 */
export const markdownInlineStyle: InlineStyle = {
  text: escapeMarkdownText,
  code: codeSpan,
  link: (content, url) =>
    url === undefined || content.trim() === '' ? content : `[${content}](${linkDestination(url)})`,
  emphasis: (content) => marked(content, '*'),
  strong: (content) => marked(content, '**'),
  delete: (content) => marked(content, '~~'),
  tableRow,
  separatesTables: true,
};

/** A GFM table row; the header row followed by the delimiter row, so that renderers show a table. */
function tableRow(cells: readonly string[], header: boolean): string {
  const row = markdownTableRow(cells);
  return header ? `${row}\n${markdownTableRow(cells.map(() => '---'))}` : row;
}

/** `` `code` ``, its fence one backtick longer than the longest run inside, padded by a space where the code would otherwise lose or join one. */
function codeSpan(value: string): string {
  if (value.trim() === '') return value;
  const longestRun = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padding =
    value.startsWith('`') || value.endsWith('`') || (value.startsWith(' ') && value.endsWith(' ')) ? ' ' : '';
  return `${fence}${padding}${value}${padding}${fence}`;
}

function linkDestination(url: string): string {
  return BRACKETED_DESTINATION.test(url) ? `<${url.replace(/[<>]/g, '\\$&')}>` : url;
}

/** Content between two markers, the whitespace at its edges left outside them (Markdown reads no `* x*` as emphasis). */
function marked(content: string, marker: string): string {
  const [, leading = '', inner = '', trailing = ''] = CONTENT_EDGES.exec(content) ?? [];
  return inner === '' ? content : `${leading}${marker}${inner}${marker}${trailing}`;
}

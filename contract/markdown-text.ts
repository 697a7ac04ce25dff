/**
 * What Markdown would read as syntax in literal text: a backslash before punctuation, a backtick, `*`, a `[` that could
 * open a link (not the `[]` of `object[]`), an `_` at the edge of a word, a `<` that could open a tag or an autolink
 * (`<TOKEN>`), an `&` that could open an entity.
 */
const MARKDOWN_SYNTAX =
  /\\(?=[!-/:-@[-`{-~])|[`*]|\[(?!\](?![([]))|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])|<(?=[A-Za-z/!?])|&(?=#?\w+;)/gu;

/** What opens a block at the start of a line: a quote (`>`), a heading (`# `), a bullet (`- `, `+ `) or a number (`1. `, `1) `). */
const BLOCK_OPENER = /^(\s*)(>|#{1,6}(?=\s|$)|[-+](?=\s)|\d{1,9}(?=[.)](?:\s|$)))/;

/** Literal text as Markdown inline content: a backslash before each character Markdown would read as syntax. */
export function escapeMarkdownText(text: string): string {
  return text.replace(MARKDOWN_SYNTAX, '\\$&');
}

/**
 * Text that starts a line of Markdown (a paragraph, a list item's text) with a leading `>`, `#`, bullet or number
 * escaped, so that it stays text instead of opening a quote, a heading or a list; the rest is left as written.
 */
export function escapeBlockOpener(text: string): string {
  return text.replace(BLOCK_OPENER, (_match, space: string, opener: string) =>
    /^\d/.test(opener) ? `${space}${opener}\\` : `${space}\\${opener}`,
  );
}

/** A GFM table row of cells already written as Markdown, a `|` inside a cell escaped. */
export function markdownTableRow(cells: readonly string[]): string {
  return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
}

/** A GFM table of rows of cells, the first row its header with the delimiter row under it. */
export function markdownTable(rows: readonly (readonly string[])[]): string {
  const [header = [], ...body] = rows;
  return [header, header.map(() => '---'), ...body].map(markdownTableRow).join('\n');
}

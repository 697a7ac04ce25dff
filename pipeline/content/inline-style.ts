/**
 * How the section walk writes inline content: as the plain text search and answers read (`plainInlineStyle`), or as
 * Markdown for the page Markdown (`markdownInlineStyle`). Each keeps whitespace-only content as it is, so that a line
 * is blank in one style exactly when it is blank in the other.
 */
export interface InlineStyle {
  /** Literal text of the page: a text node, an image's alt text, an attribute's value. */
  text(value: string): string;
  /** The code of inline code (`` `x` ``, `<code>x</code>`). */
  code(value: string): string;
  /** A link's content, `url` as written (undefined for a reference without a definition). */
  link(content: string, url: string | undefined): string;
  /** Emphasised content (`*x*`). */
  emphasis(content: string): string;
  /** Strong content (`**x**`). */
  strong(content: string): string;
  /** Struck-through content (`~~x~~`). */
  delete(content: string): string;
  /** A table row, its cells already written in this style; `header` for the first. */
  tableRow(cells: readonly string[], header: boolean): string;
  /** Whether a table is set apart from the lines around it by blank lines. */
  separatesTables: boolean;
}

/** The plain text of inline content: text and code as they are, links, emphasis and strong as their content, a table row's cells joined by ` | `. */
export const plainInlineStyle: InlineStyle = {
  text: (value) => value,
  code: (value) => value,
  link: (content) => content,
  emphasis: (content) => content,
  strong: (content) => content,
  delete: (content) => content,
  tableRow: (cells) => cells.join(' | '),
  separatesTables: false,
};

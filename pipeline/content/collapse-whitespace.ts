/** Whitespace to collapse to one space: runs of two or more, or one character other than a space (a lone space is left as it is, so most text is not copied). */
const WHITESPACE = /\s{2,}|[^\S ]/g;

/** The text with its whitespace collapsed to single spaces and trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE, ' ').trim();
}

/**
 * Code blocks in section text. A section's text is plain text, except that each code block of the page is kept as a
 * Markdown fenced block (its language, and the title it shows, after the opening fence): answers and page Markdown tell code from prose
 * exactly, and the fences themselves are never searched.
 */

/** A line of a section's text: `code` for the lines of a fenced block and its fences (`fence` says which). */
export interface TextLine {
  text: string;
  code: boolean;
  fence?: 'open' | 'close';
}

const OPENING_FENCE = /^(`{3,})[^`]*$/;

/**
 * A code block as a fenced block: the fence longer than any run of backticks in the code, so the code cannot close it
 * early; `info` is its language, then the title it shows when it has one (```` ```bash Homebrew ````).
 */
export function fenceCode(code: string, info?: string): string {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${info ?? ''}\n${code}\n${fence}`;
}

/** The lines of a section's text, each marked code or prose (an unclosed fence runs to the end of the text). */
export function textLines(text: string): TextLine[] {
  let fence: string | undefined;
  return text.split('\n').map((line): TextLine => {
    if (fence !== undefined) {
      const closing = line.trimEnd();
      if (closing.length >= fence.length && /^`+$/.test(closing)) {
        fence = undefined;
        return { text: line, code: true, fence: 'close' };
      }
      return { text: line, code: true };
    }
    const opening = OPENING_FENCE.exec(line);
    if (!opening) return { text: line, code: false };
    fence = opening[1] as string;
    return { text: line, code: true, fence: 'open' };
  });
}

/** A section's text without its code fences (the code kept): what is searched and what snippets show. */
export function withoutCodeFences(text: string): string {
  if (!text.includes('```')) return text;
  return textLines(text)
    .filter((line) => line.fence === undefined)
    .map((line) => line.text)
    .join('\n');
}

/**
 * Code blocks and lists in section text. A section's text is plain text, except that each code block of the page is
 * kept as a Markdown fenced block (its language, and the title it shows, after the opening fence), and each item of a
 * list or `<Steps>` starts with its marker ("1. ", "- "), its further lines indented: answers and page Markdown tell
 * code from prose and one step from the next exactly, and fences and markers are never searched.
 */

/**
 * A line of a section's text: `code` for the lines of a fenced block and its fences (`fence` says which); for a line
 * of a list item or step, `item` says whether it starts the item or continues it (its marker or indent left out of
 * `text`).
 */
export interface TextLine {
  text: string;
  code: boolean;
  fence?: 'open' | 'close';
  item?: 'start' | 'more';
}

const OPENING_FENCE = /^(`{3,})[^`]*$/;
/** How the text marks list items and steps: the first line after "1. " or "- ", further lines indented by two spaces. */
const ITEM_START = /^(?:-|\d{1,3}\.) (?=\S)/;
const ITEM_MORE = /^ {2}(?=\S)/;
const ITEM_MARKS = new RegExp(`${ITEM_START.source}|${ITEM_MORE.source}`, 'gm');

/**
 * A code block as a fenced block: the fence longer than any run of backticks in the code, so the code cannot close it
 * early; `info` is its language, then the title it shows when it has one (```` ```bash Homebrew ````).
 */
export function fenceCode(code: string, info?: string): string {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${info ?? ''}\n${code}\n${fence}`;
}

/**
 * The lines of a section's text, each marked code or prose (an unclosed fence runs to the end of the text), and
 * a list item's lines as such: its first after its marker, further ones indented (read so only right after an item's line).
 */
export function textLines(text: string): TextLine[] {
  let fence: string | undefined;
  let inItem = false;
  return text.split('\n').map((line): TextLine => {
    const read = readLine(line);
    inItem = read.code ? inItem : read.item !== undefined;
    return read;
  });

  function readLine(line: string): TextLine {
    if (fence !== undefined) {
      const closing = line.trimEnd();
      if (closing.length >= fence.length && /^`+$/.test(closing)) {
        fence = undefined;
        return { text: line, code: true, fence: 'close' };
      }
      return { text: line, code: true };
    }
    const opening = OPENING_FENCE.exec(line);
    if (!opening) {
      const start = ITEM_START.exec(line)?.[0];
      if (start) return { text: line.slice(start.length), code: false, item: 'start' };
      return inItem && ITEM_MORE.test(line)
        ? { text: line.slice(2), code: false, item: 'more' }
        : { text: line, code: false };
    }
    fence = opening[1] as string;
    return { text: line, code: true, fence: 'open' };
  }
}

/** A line of section text without the marker of the list item it starts ("1. Open Scans." → "Open Scans."). */
export function withoutItemMark(line: string): string {
  return line.replace(ITEM_START, '');
}

/** A section's text without its code fences (the code kept) and its list marks: what is searched and what snippets show. */
export function withoutCodeFences(text: string): string {
  if (!text.includes('```')) return text.replace(ITEM_MARKS, '');
  return textLines(text)
    .filter((line) => line.fence === undefined)
    .map((line) => line.text)
    .join('\n');
}

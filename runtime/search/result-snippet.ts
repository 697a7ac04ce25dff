import { withoutCodeFences } from '../../contract/search/code-fences.ts';

/** Length of a result's snippet, in characters. */
const SNIPPET_LENGTH = 300;
/** Distinct query words looked for in a section, at most. */
const MAX_SNIPPET_WORDS = 64;

/**
 * About `SNIPPET_LENGTH` characters of a section's text (code fences left out) around the first word of the query (or of the previous
 * turn) it holds, cut at word boundaries with an ellipsis on each cut side; the whole text when it is short.
 */
export function snippetOf(sectionText: string, query: string, previousQuery: string): string {
  const text = withoutCodeFences(sectionText);
  if (text.length <= SNIPPET_LENGTH) return text;
  const lower = text.toLowerCase();
  const words = new Set(
    (`${query} ${previousQuery}`.toLowerCase().match(/[\p{L}\p{N}_]{3,}/gu) ?? []).map((word) => word.slice(0, 5)),
  );
  let position = -1;
  // Each distinct word prefix once, and no more than a question's worth: a question repeating one word 10,000 times
  // scanned the section 10,000 times.
  for (const word of [...words].slice(0, MAX_SNIPPET_WORDS)) {
    const found = lower.indexOf(word);
    if (found >= 0 && (position < 0 || found < position)) position = found;
  }
  const start = Math.max(0, Math.min(position < 0 ? 0 : position - 80, text.length - SNIPPET_LENGTH));
  const boundary = start === 0 ? 0 : Math.max(start, text.indexOf(' ', start) + 1);
  const end = Math.min(text.length, boundary + SNIPPET_LENGTH);
  return `${boundary > 0 ? '…' : ''}${text.slice(boundary, end).trim()}${end < text.length ? '…' : ''}`;
}

import { escapeBlockOpener, markdownTable } from '../../contract/markdown-text.ts';

/** A chosen sentence as the answer quotes it, with the list or table it introduces. */
export interface CitedSentence {
  text: string;
  source: number;
  items: readonly string[];
  rows: readonly (readonly string[])[];
}

/**
 * A sentence with its `[n]` citation: "Text [n]. ", or, when it introduces a list or a table, "Text [n]:" followed by
 * the list's items (numbered with `numbered`, else bulleted) or a Markdown table in a paragraph of their own. The
 * documentation's words are quoted as written (`__init__`, a cron expression stay searchable and copyable); only a line
 * opening like a quote, heading or list (`>= 48 GiB`) is escaped.
 */
export function citeSentence(sentence: CitedSentence, numbered = false): string {
  const text = `${escapeBlockOpener(sentence.text.replace(/[.:;,]+$/, ''))} [${sentence.source}]`;
  if (sentence.rows.length > 0) return `${text}:\n\n${markdownTable(sentence.rows)}\n\n`;
  return sentence.items.length > 0
    ? `${text}:\n\n${sentence.items.map((item, position) => `${numbered ? `${position + 1}.` : '-'} ${escapeBlockOpener(item)}`).join('\n')}\n\n`
    : `${text}. `;
}

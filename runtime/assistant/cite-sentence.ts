import { escapeMarkdownLine, escapeMarkdownText } from '../../contract/markdown-text.ts';

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
 * documentation's text is literal: what Markdown would read as syntax in it (`__init__`, a leading `>`) is escaped.
 */
export function citeSentence(sentence: CitedSentence, numbered = false): string {
  const text = `${escapeMarkdownLine(sentence.text.replace(/[.:;,]+$/, ''))} [${sentence.source}]`;
  if (sentence.rows.length > 0) return `${text}:\n\n${markdownTable(sentence.rows)}\n\n`;
  return sentence.items.length > 0
    ? `${text}:\n\n${sentence.items.map((item, position) => `${numbered ? `${position + 1}.` : '-'} ${escapeMarkdownLine(item)}`).join('\n')}\n\n`
    : `${text}. `;
}

/** Table cells as a Markdown table, the first row its header. */
function markdownTable(rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}

/** A table cell's literal text as Markdown: escaped, its `|` too. */
export function markdownCell(cell: string): string {
  return escapeMarkdownText(cell).replace(/\|/g, '\\|');
}

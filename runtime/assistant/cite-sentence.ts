/** A chosen sentence as the answer quotes it, with the list or table it introduces. */
export interface CitedSentence {
  text: string;
  source: number;
  items: readonly string[];
  rows: readonly (readonly string[])[];
}

/**
 * A sentence with its `[n]` citation: "Text [n]. ", or, when it introduces a list or a table, "Text [n]:" followed by
 * the list's items (numbered with `numbered`, else bulleted) or a Markdown table in a paragraph of their own.
 */
export function citeSentence(sentence: CitedSentence, numbered = false): string {
  const text = `${sentence.text.replace(/[.:;,]+$/, '')} [${sentence.source}]`;
  if (sentence.rows.length > 0) return `${text}:\n\n${markdownTable(sentence.rows)}\n\n`;
  return sentence.items.length > 0
    ? `${text}:\n\n${sentence.items.map((item, position) => `${numbered ? `${position + 1}.` : '-'} ${item}`).join('\n')}\n\n`
    : `${text}. `;
}

/** Table cells as a Markdown table, the first row its header. */
function markdownTable(rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}

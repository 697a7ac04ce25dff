import { textLines } from '../../contract/search/code-fences.ts';

/** About what a naive answer quotes: the first few lines of prose, up to this many characters. */
const LEAD_LENGTH = 400;

/**
 * The naive composer the answers bench compares with, measured on the same sources in the same run: the opening
 * prose lines of the top-ranked section (code blocks left out), up to ~400 characters, cited `[1]`.
 */
export function leadSentencesAnswer(topSectionText: string | undefined): string {
  if (topSectionText === undefined) return 'I could not find this in the documentation.';
  let lead = '';
  for (const line of textLines(topSectionText)) {
    if (line.code || line.text.trim() === '') continue;
    lead += `${line.text.trim()} `;
    if (lead.length >= LEAD_LENGTH) break;
  }
  return `${lead.trim()} [1]`;
}

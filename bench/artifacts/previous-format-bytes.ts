import { prepareTerms } from '../../contract/search/index.ts';
import type { SectionRecord } from '../../contract/search/index.ts';

/**
 * Bytes of the search.json that docsmith wrote before issue #14 (format 2) for the same section records: every page
 * path's sections with their prepared terms, serialised the same way. Counted record by record, so that the
 * ~0.5 GB string is never held; identical texts are prepared once (the terms are the same).
 */
export function previousFormatBytes(
  records: SectionRecord[],
  defaults: { language?: string; version?: string },
): number {
  const prepared = new Map<string, string>();
  const prepare = (text: string, language: string | undefined): string => {
    const key = `${language ?? ''}\u0000${text}`;
    let terms = prepared.get(key);
    if (terms === undefined) {
      terms = prepareTerms(text, language);
      prepared.set(key, terms);
    }
    return terms;
  };
  const header = {
    formatVersion: 2,
    engine: 'wink-bm25-text-search',
    defaults,
    fieldWeights: { title: 6, headings: 3, body: 1 },
    bm25Params: { k1: 1.2, b: 0.75, k: 1 },
  };
  let bytes = Buffer.byteLength(JSON.stringify({ ...header, sections: [], terms: [] }));
  for (const record of records) {
    const language = record.context.language;
    bytes += Buffer.byteLength(JSON.stringify(record)) + 1;
    bytes +=
      Buffer.byteLength(
        JSON.stringify([
          prepare(record.title, language),
          prepare(record.headingPath.join(' '), language),
          prepare(record.text, language),
        ]),
      ) + 1;
  }
  return bytes - (records.length > 0 ? 2 : 0);
}

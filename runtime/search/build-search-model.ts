import bm25 from 'wink-bm25-text-search';
import { prepareText } from './prepare-text.ts';
import { SEARCH_ARTIFACT_FORMAT_VERSION, type SearchArtifact } from './search-artifact.ts';
import type { SectionRecord } from './section-record.ts';

/** BM25F field weights: the page title and the heading path weigh more than the body. */
export const FIELD_WEIGHTS = { title: 6, headings: 3, body: 1 } as const;
/** BM25 parameters: k1 saturates term frequency, b normalises by section length. */
export const BM25_PARAMS = { k1: 1.2, b: 0.75, k: 1 } as const;
/** wink-bm25 consolidates only collections of three documents or more; smaller sites are padded. */
const MINIMUM_DOCUMENTS = 3;
const PADDING_TERM = 'docsmithpaddingdocument';

/** Terms are prepared before they reach wink (language-aware), so its own preparation only splits them. */
export function splitPreparedTerms(text: string): string[] {
  return text.length === 0 ? [] : text.split(' ');
}

/**
 * Builds the search artifact from section records: one BM25F document per section (title, heading path,
 * body, each prepared for the section's language), plus the records themselves for snippets and context.
 * Deterministic: the same records give the same JSON.
 */
export function buildSearchModel(
  records: SectionRecord[],
  defaults: { language?: string; version?: string } = {},
  tuning: { fieldWeights?: { title: number; headings: number; body: number }; bm25Params?: { k1: number; b: number; k: number } } = {},
): SearchArtifact {
  const fieldWeights = tuning.fieldWeights ?? FIELD_WEIGHTS;
  const artifactDefaults = { ...(defaults.language ? { language: defaults.language } : {}), ...(defaults.version ? { version: defaults.version } : {}) };
  if (records.length === 0) {
    return { formatVersion: SEARCH_ARTIFACT_FORMAT_VERSION, engine: 'wink-bm25-text-search', defaults: artifactDefaults, fieldWeights: { ...fieldWeights }, sections: [], model: null };
  }
  const engine = bm25();
  engine.defineConfig({ fldWeights: { ...fieldWeights }, bm25Params: tuning.bm25Params ?? BM25_PARAMS });
  engine.definePrepTasks([splitPreparedTerms]);
  records.forEach((record, index) => {
    const language = record.context.language;
    engine.addDoc(
      {
        title: prepareText(record.title, language).join(' '),
        headings: prepareText(record.headingPath.join(' '), language).join(' '),
        body: prepareText(record.text, language).join(' '),
      },
      index,
    );
  });
  for (let padding = records.length; padding < MINIMUM_DOCUMENTS; padding += 1) {
    engine.addDoc({ title: PADDING_TERM, headings: PADDING_TERM, body: PADDING_TERM }, padding);
  }
  engine.consolidate(4);
  return {
    formatVersion: SEARCH_ARTIFACT_FORMAT_VERSION,
    engine: 'wink-bm25-text-search',
    defaults: artifactDefaults,
    fieldWeights: { ...fieldWeights },
    sections: records,
    model: engine.exportJSON(),
  };
}

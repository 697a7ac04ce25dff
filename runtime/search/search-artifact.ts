import type { SectionRecord } from './section-record.ts';

/** Current search artifact format; bump when a change would confuse an older runtime. */
export const SEARCH_ARTIFACT_FORMAT_VERSION = 1;

/** The prebuilt retrieval artifact (`search.json`, schemas/search-artifact.schema.json). */
export interface SearchArtifact {
  formatVersion: typeof SEARCH_ARTIFACT_FORMAT_VERSION;
  engine: 'wink-bm25-text-search';
  /** What a reader lands on: results are restricted to these when a query's filter names neither. */
  defaults: { language?: string; version?: string };
  /** Field weights of the BM25F model. */
  fieldWeights: { title: number; headings: number; body: number };
  /** Section records in index order; document id `n` of the model is `sections[n]`. */
  sections: SectionRecord[];
  /** The consolidated wink-bm25 model, exported with `exportJSON()`; null when there are no sections. */
  model: string | null;
}

/** A search artifact that cannot be used: wrong format version, bad shape or an unreadable model. */
export class SearchArtifactError extends Error {
  override name = 'SearchArtifactError';
}

import type { SectionRecord } from './section-record.ts';

/** Current search artifact format; bump when a change would confuse an older runtime. */
export const SEARCH_ARTIFACT_FORMAT_VERSION = 2;

/** The prepared terms of one section: title, heading path and body, each as terms joined by single spaces. */
export type SectionTerms = [title: string, headings: string, body: string];

/** The prebuilt retrieval artifact (`search.json`, schemas/search-artifact.schema.json). */
export interface SearchArtifact {
  formatVersion: typeof SEARCH_ARTIFACT_FORMAT_VERSION;
  /** The BM25F engine the runtime loads the terms into. */
  engine: 'wink-bm25-text-search';
  /** What a reader lands on: results are restricted to these when a query's filter names neither. */
  defaults: { language?: string; version?: string };
  /** Field weights of the BM25F model. */
  fieldWeights: { title: number; headings: number; body: number };
  /** BM25 parameters (k1, b, and k, the IDF offset). */
  bm25Params: { k1: number; b: number; k: number };
  /** Section records in index order; document `n` of the model is `sections[n]`. */
  sections: SectionRecord[];
  /** `terms[n]`: the prepared terms of `sections[n]`. */
  terms: SectionTerms[];
}

/** A search artifact that cannot be used: wrong format version, bad shape or an unusable model. */
export class SearchArtifactError extends Error {
  override name = 'SearchArtifactError';
}

import type { WeightedTerm } from './bm25f-index.ts';

/** What `search` needs of an index: sections scored for weighted query terms, and the index's vocabulary. */
export interface SectionRanker {
  /** `[section index, score]`, best first: the sections of the best `limit` documents (a document may stand for several sections). */
  search(query: WeightedTerm[], limit: number): [number, number][];
  terms(): Iterable<string>;
  documentFrequency(term: string): number;
}

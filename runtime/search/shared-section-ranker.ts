import type { Bm25fIndex, WeightedTerm } from './bm25f-index.ts';
import type { SectionRanker } from './section-ranker.ts';

/**
 * A section ranker over an index whose documents are distinct sections: a section repeated by several contents (the
 * same paragraph in 35 versions of a page, each version edited elsewhere) is one document, indexed once, and each hit
 * stands for every section that shows it. `occurrences[d]` lists the sections of document `d`, in section order.
 * Statistics count a repeated section once, so a term's weight does not depend on how many releases repeat it.
 */
export class SharedSectionRanker implements SectionRanker {
  readonly #index: Bm25fIndex;
  readonly #occurrences: readonly (readonly number[])[];

  constructor(index: Bm25fIndex, occurrences: readonly (readonly number[])[]) {
    this.#index = index;
    this.#occurrences = occurrences;
  }

  /** Every section of the best `limit` documents, with its document's score, best first. */
  search(query: WeightedTerm[], limit: number): [number, number][] {
    const hits: [number, number][] = [];
    for (const [document, score] of this.#index.search(query, limit)) {
      for (const section of this.#occurrences[document] ?? []) hits.push([section, score]);
    }
    return hits;
  }

  /** Every indexed term. */
  terms(): IterableIterator<string> {
    return this.#index.terms();
  }

  /** How many distinct sections hold a term. */
  documentFrequency(term: string): number {
    return this.#index.documentFrequency(term);
  }
}

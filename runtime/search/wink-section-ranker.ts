import type bm25 from 'wink-bm25-text-search';
import type { WeightedTerm } from './bm25f-index.ts';
import type { SectionRanker } from './section-ranker.ts';

/**
 * A consolidated wink-bm25 model (search artifact format 1) as a `SectionRanker`: a term weighing `w` is
 * searched `round(w)` times (wink adds a repeated term's score again). Its vocabulary is not exposed, so
 * typos are not corrected on format 1 builds.
 */
export function winkSectionRanker(engine: ReturnType<typeof bm25>): SectionRanker {
  return {
    search: (query: WeightedTerm[], limit: number) =>
      engine
        .search(query.flatMap(({ term, weight }) => Array.from({ length: Math.max(1, Math.round(weight)) }, () => term)).join(' '), limit)
        .map(([id, score]): [number, number] => [Number(id), score]),
    terms: () => [],
    documentFrequency: () => 1,
  };
}

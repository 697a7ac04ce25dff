import type { SearchResult } from './search.ts';

/** Results ranked by a fused score, each given its score over the best one, rounded to three decimals, as `search` gives them. */
export function relativeScores(ranked: readonly { result: SearchResult; score: number }[]): SearchResult[] {
  const best = ranked[0]?.score || 1;
  return ranked.map(({ result, score }) => ({ ...result, score: Math.round((score / best) * 1000) / 1000 }));
}

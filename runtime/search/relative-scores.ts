/** Results ranked by a fused score, each given its score over the best one, rounded to three decimals, as `search` gives them. */
export function relativeScores<Result extends { score: number }>(
  ranked: readonly { result: Result; score: number }[],
): Result[] {
  const best = ranked[0]?.score || 1;
  return ranked.map(({ result, score }) => ({ ...result, score: Math.round((score / best) * 1000) / 1000 }));
}

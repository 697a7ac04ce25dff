import { distance } from 'fastest-levenshtein';

/** The closest candidate to a misspelt name (`navigaton` → `navigation`), or undefined when none is close. */
export function suggestName(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  const allowed = Math.max(1, Math.floor(Math.max(name.length, 3) / 3));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const candidate of candidates) {
    // The edit distance is at least the length difference: a candidate that cannot beat the best is not measured.
    if (Math.abs(candidate.length - wanted.length) >= bestDistance) continue;
    const candidateDistance = distance(wanted, candidate.toLowerCase());
    if (candidateDistance < bestDistance) {
      best = candidate;
      bestDistance = candidateDistance;
    }
  }
  return best;
}

import { distance } from 'fastest-levenshtein';

/** The closest candidate to a misspelt name (`navigaton` → `navigation`), or undefined when none is close. */
export function suggestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const candidateDistance = distance(name.toLowerCase(), candidate.toLowerCase());
    if (candidateDistance < bestDistance) {
      best = candidate;
      bestDistance = candidateDistance;
    }
  }
  const allowed = Math.max(1, Math.floor(Math.max(name.length, 3) / 3));
  return best !== undefined && bestDistance <= allowed ? best : undefined;
}

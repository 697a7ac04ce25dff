import { distance } from 'fastest-levenshtein';

/** Shortest query term corrected; shorter words are too often another real word. */
const MINIMUM_LENGTH = 4;
/** Terms of this length or more may be two edits away; shorter ones one. */
const TWO_EDITS_FROM = 8;
/** Shortest indexed prefix an uncorrectable term falls back to (and never under half the term). */
const MINIMUM_PREFIX = 5;

/** What the corrector needs of an index: its terms and how many documents hold each. */
export interface Vocabulary {
  terms(): Iterable<string>;
  documentFrequency(term: string): number;
}

/**
 * Corrects a query term that no document holds to the nearest indexed term (one edit for terms of 4–7
 * characters, two from 8, two swapped neighbours counting as one edit: "anaylt" → `analyt`; the first letter is
 * trusted; ties go to the term in more documents), else to its longest
 * indexed prefix of at least `MINIMUM_PREFIX` characters and half the term: the stemmer cannot strip a misspelt
 * suffix ("paginaton" stays whole while the index holds `pagin`). Terms with a digit are identifiers or versions
 * and are left alone.
 */
export class TypoCorrector {
  readonly #vocabulary: Vocabulary;
  readonly #byInitial = new Map<string, string[]>();

  constructor(vocabulary: Vocabulary) {
    this.#vocabulary = vocabulary;
    for (const term of vocabulary.terms()) {
      if (term.length < MINIMUM_LENGTH - 1 || /\d/.test(term)) continue;
      const initial = term[0] as string;
      let bucket = this.#byInitial.get(initial);
      if (!bucket) this.#byInitial.set(initial, (bucket = []));
      bucket.push(term);
    }
  }

  /** The indexed term a misspelt `term` most likely meant, or undefined when it is indexed or nothing is close. */
  correct(term: string): string | undefined {
    if (term.length < MINIMUM_LENGTH || /\d/.test(term) || this.#vocabulary.documentFrequency(term) > 0) return undefined;
    const allowed = term.length >= TWO_EDITS_FROM ? 2 : 1;
    let best: string | undefined;
    let bestDistance = allowed + 1;
    let bestFrequency = 0;
    for (const candidate of this.#byInitial.get(term[0] as string) ?? []) {
      if (Math.abs(candidate.length - term.length) > allowed) continue;
      const edits = editsBetween(term, candidate);
      if (edits > allowed || edits > bestDistance) continue;
      const frequency = this.#vocabulary.documentFrequency(candidate);
      if (edits < bestDistance || frequency > bestFrequency) {
        best = candidate;
        bestDistance = edits;
        bestFrequency = frequency;
      }
    }
    return best ?? this.#indexedPrefix(term);
  }

  /** The longest prefix of `term` that documents hold, of at least `MINIMUM_PREFIX` characters and half the term. */
  #indexedPrefix(term: string): string | undefined {
    const shortest = Math.max(MINIMUM_PREFIX, Math.ceil(term.length / 2));
    for (let length = term.length - 1; length >= shortest; length -= 1) {
      const prefix = term.slice(0, length);
      if (this.#vocabulary.documentFrequency(prefix) > 0) return prefix;
    }
    return undefined;
  }
}

/** Levenshtein distance, except that two swapped neighbouring letters are one edit (the commonest typo), not two. */
function editsBetween(term: string, candidate: string): number {
  const edits = distance(term, candidate);
  return edits === 2 && isAdjacentTransposition(term, candidate) ? 1 : edits;
}

function isAdjacentTransposition(term: string, candidate: string): boolean {
  if (term.length !== candidate.length) return false;
  let first = 0;
  while (first < term.length && term[first] === candidate[first]) first += 1;
  return (
    first + 1 < term.length &&
    term[first] === candidate[first + 1] &&
    term[first + 1] === candidate[first] &&
    term.slice(first + 2) === candidate.slice(first + 2)
  );
}

import { distance } from 'fastest-levenshtein';
import { isWholeIdentifier } from '../../contract/search/identifier-terms.ts';
import { prepareText } from '../../contract/search/prepare-text.ts';

/** Shortest query term corrected; shorter words are too often another real word. */
const MINIMUM_LENGTH = 4;
/** Terms of this length or more may be two edits away; shorter ones one. */
const TWO_EDITS_FROM = 8;
/** Shortest indexed prefix an uncorrectable term falls back to (and never under half the term). */
const MINIMUM_PREFIX = 5;
/** Longest term corrected: a misspelt word is a word, and the prefix search's time grows with the square of a term's length (a pasted 20,000-character blob took a second). */
const MAXIMUM_LENGTH = 64;

/** What the corrector needs of an index: its terms and how many documents hold each. */
export interface Vocabulary {
  terms(): Iterable<string>;
  documentFrequency(term: string): number;
}

/** A word of the site's texts, as written (lower-cased): letters only, `MINIMUM_LENGTH` or more. */
const SURFACE_WORD = /\p{L}{4,}/gu;

/**
 * Corrects a query term that no document holds. `correctWritten` corrects the question's word as written against the
 * words the site's texts are written with, then prepares it like any word: a misspelling changes how a word is
 * stemmed ("vulnrability" → `vulnrabl`, far from `vulner`), not how far it is from "vulnerability". `correct`
 * corrects the prepared term to the nearest indexed term. Both allow one edit for 4–7 letters, two from 8, two
 * swapped neighbours counting as one edit ("anaylt" → `analyt`), trust the first letter and give ties to the word
 * the misspelling left letters out of, then to the more frequent word. Last comes the term's longest indexed prefix
 * of at least `MINIMUM_PREFIX` characters and half the term: the stemmer cannot strip a misspelt suffix ("paginaton"
 * stays whole while the index holds `pagin`).
 * Identifiers and versions (a digit, a `.` or `:`, a leading `-`) are left alone, and so are terms longer than
 * `MAXIMUM_LENGTH`.
 */
export class TypoCorrector {
  readonly #vocabulary: Vocabulary;
  readonly #byInitial = new Map<string, string[]>();
  readonly #texts: (() => Iterable<string>) | undefined;
  /** Written words by initial, with how often the texts use them; read from `#texts` on the first correction that needs them. */
  #wordsByInitial: Map<string, Map<string, number>> | undefined;

  /** `texts` gives the site's texts (titles, headings, bodies), read once, when a first written word needs correcting. */
  constructor(vocabulary: Vocabulary, texts?: () => Iterable<string>) {
    this.#vocabulary = vocabulary;
    this.#texts = texts;
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
    if (!this.#isUnknown(term)) return undefined;
    return (
      nearest(term, this.#byInitial.get(term[0] as string) ?? [], (candidate) =>
        this.#vocabulary.documentFrequency(candidate),
      ) ?? this.#indexedPrefix(term)
    );
  }

  /**
   * The indexed term of the written word nearest to `word` (a question's word as written, prepared for `language`),
   * when its own term is unknown and the texts hold a word close enough; undefined otherwise (then try `correct`).
   */
  correctWritten(word: string, language?: string): string | undefined {
    if (
      !this.#texts ||
      word.length < MINIMUM_LENGTH ||
      word.length > MAXIMUM_LENGTH ||
      !this.#isUnknown(prepareText(word, language)[0] ?? '')
    )
      return undefined;
    const written = word.toLowerCase();
    const words = this.#writtenWords().get(written[0] as string);
    const corrected = words ? nearest(written, words.keys(), (candidate) => words.get(candidate) ?? 0) : undefined;
    const term = corrected === undefined ? undefined : prepareText(corrected, language)[0];
    return term !== undefined && this.#vocabulary.documentFrequency(term) > 0 ? term : undefined;
  }

  /**
   * The indexed term a question's word most likely meant, `word` as written and `term` as prepared: respelt as the
   * site writes it (`correctWritten`); else, when preparing left the word whole, the nearest indexed term (`correct`);
   * else only its longest indexed prefix. A stem is not respelt: "several" prepares to `sever`, one edit from
   * `server` but three from the word written.
   */
  correctWord(word: string, term: string, language?: string): string | undefined {
    const respelt = this.correctWritten(word, language);
    if (respelt !== undefined || !this.#texts || word.toLowerCase() === term) return respelt ?? this.correct(term);
    return this.#isUnknown(term) ? this.#indexedPrefix(term) : undefined;
  }

  #isUnknown(term: string): boolean {
    return (
      term.length >= MINIMUM_LENGTH &&
      term.length <= MAXIMUM_LENGTH &&
      !/\d/.test(term) &&
      !isWholeIdentifier(term) &&
      this.#vocabulary.documentFrequency(term) === 0
    );
  }

  #writtenWords(): Map<string, Map<string, number>> {
    if (!this.#wordsByInitial) {
      this.#wordsByInitial = new Map();
      for (const text of this.#texts?.() ?? []) {
        for (const match of text.toLowerCase().matchAll(SURFACE_WORD)) {
          const word = match[0];
          let words = this.#wordsByInitial.get(word[0] as string);
          if (!words) this.#wordsByInitial.set(word[0] as string, (words = new Map()));
          words.set(word, (words.get(word) ?? 0) + 1);
        }
      }
    }
    return this.#wordsByInitial;
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

/**
 * The candidate nearest to `term` within its allowed edits (see `TypoCorrector`); on a tie the one `term` leaves
 * letters out of ("limt" is "limit", not "list": a left-out letter is the commonest typo), then the more frequent;
 * undefined when none is close.
 */
function nearest(
  term: string,
  candidates: Iterable<string>,
  frequencyOf: (candidate: string) => number,
): string | undefined {
  const allowed = term.length >= TWO_EDITS_FROM ? 2 : 1;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  let bestOmission = false;
  let bestFrequency = 0;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - term.length) > allowed || candidate === term) continue;
    const edits = editsBetween(term, candidate);
    if (edits > allowed || edits > bestDistance) continue;
    const frequency = frequencyOf(candidate);
    const omission = candidate.length === term.length + edits && isSubsequence(term, candidate);
    if (
      edits < bestDistance ||
      (omission && !bestOmission) ||
      (omission === bestOmission && frequency > bestFrequency)
    ) {
      best = candidate;
      bestDistance = edits;
      bestOmission = omission;
      bestFrequency = frequency;
    }
  }
  return best;
}

/** Whether `term` is `candidate` with letters left out ("limt" of "limit"). */
function isSubsequence(term: string, candidate: string): boolean {
  let position = 0;
  for (const letter of candidate) if (letter === term[position]) position += 1;
  return position === term.length;
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

import type { WeightedTerm } from './bm25f-index.ts';
import type { SearchIndex } from './load-search-index.ts';
import { splitExclusions } from './query-exclusions.ts';
import { isWholeIdentifier, searchTerms } from '../../contract/search/identifier-terms.ts';
import { isEnglish, prepareText } from '../../contract/search/prepare-text.ts';

const MAX_QUERY_TERMS = 64;
/** The question's terms weigh twice the previous turn's (follow-ups keep their topic without losing their own). */
const QUESTION_WEIGHT = 2;
const PREVIOUS_TURN_WEIGHT = 1;
/**
 * Share of a term's weight kept by an identifier's whole term (`context.call`, `--group`): its words count in full
 * already, the whole term tells siblings apart (`context.call` from `context.run`) without letting a page that merely
 * mentions a URL (`ollama.com`) win on it.
 */
const IDENTIFIER_WEIGHT = 0.5;
/** Unknown terms corrected per query: each correction scans part of the vocabulary, and a long garbled query must stay cheap. */
const MAX_CORRECTED_TERMS = 8;

/** A question as search weighs it. */
export interface SearchQuery {
  /** The question's terms (corrected) and the previous turn's, weighted. */
  terms: WeightedTerm[];
  /** The (corrected) terms of what the question excludes ("without blocking" → `block`), that the rest of it does not ask for. */
  excluded: Set<string>;
}

/**
 * The weighted terms of a question (and of the previous turn, at half the weight): terms no section holds respelt
 * (`weighted`), an identifier's whole term at `IDENTIFIER_WEIGHT`; plus, for English, what the question excludes.
 * Undefined when the question has no term at all (only stop words, emoji).
 */
export function searchQuery(
  index: SearchIndex,
  question: string,
  previousQuestion: string | undefined,
  language: string | undefined,
): SearchQuery | undefined {
  const questionTerms = [...new Set(searchTerms(question, language))].slice(0, MAX_QUERY_TERMS);
  if (questionTerms.length === 0) return undefined;
  const asked = weighted(questionTerms, QUESTION_WEIGHT, index, question, language);
  const previousTerms = previousQuestion
    ? [...new Set(searchTerms(previousQuestion, language))].slice(0, MAX_QUERY_TERMS / 2)
    : [];
  const previous = previousQuestion
    ? weighted(previousTerms, PREVIOUS_TURN_WEIGHT, index, previousQuestion, language)
    : [];
  const excluded = isEnglish(language) ? excludedTerms(question, language, questionTerms, asked) : new Set<string>();
  return {
    terms: [...asked, ...previous].map((entry) =>
      isWholeIdentifier(entry.term) ? { ...entry, weight: entry.weight * IDENTIFIER_WEIGHT } : entry,
    ),
    excluded,
  };
}

/**
 * Query terms with their weight; a term no section holds is replaced by its likely spelling (the first
 * `MAX_CORRECTED_TERMS` unknown terms only): the word as written respelt as the site writes it, else the nearest
 * indexed term (`TypoCorrector`). `text` is what the terms were prepared from (in `language`).
 */
function weighted(
  terms: string[],
  weight: number,
  index: SearchIndex,
  text: string,
  language: string | undefined,
): WeightedTerm[] {
  let attempts = 0;
  let written: Map<string, string> | undefined;
  return terms.map((term) => {
    const unknown = index.engine?.documentFrequency(term) === 0;
    if (!unknown || attempts++ >= MAX_CORRECTED_TERMS || !index.typos) return { term, weight };
    written ??= writtenWords(text, language);
    const word = written.get(term);
    // The corrected word keeps its whole weight: a misspelt word is often the one that decides.
    const corrected =
      (word === undefined ? undefined : index.typos.correctWritten(word, language)) ?? index.typos.correct(term);
    return { term: corrected ?? term, weight };
  });
}

/** The words of a text as written, by the term each is prepared to. */
function writtenWords(text: string, language: string | undefined): Map<string, string> {
  const words = new Map<string, string>();
  for (const match of text.matchAll(/[\p{L}\p{N}_]+/gu)) {
    const term = prepareText(match[0], language)[0];
    if (term !== undefined && !words.has(term)) words.set(term, match[0]);
  }
  return words;
}

/**
 * The (corrected) terms of what an English question excludes that the rest of it does not ask for: "pop the lowest
 * items without blocking" → `block`; "use the useChat hook, not the React hook" → `react` (not `hook`).
 */
function excludedTerms(
  question: string,
  language: string | undefined,
  questionTerms: string[],
  asked: WeightedTerm[],
): Set<string> {
  const { included, excluded } = splitExclusions(question);
  if (excluded === '') return new Set();
  const kept = new Set(searchTerms(included, language));
  const corrected = new Map(questionTerms.map((term, position) => [term, asked[position]?.term ?? term]));
  return new Set(
    searchTerms(excluded, language)
      .filter((term) => !kept.has(term))
      .map((term) => corrected.get(term) ?? term),
  );
}

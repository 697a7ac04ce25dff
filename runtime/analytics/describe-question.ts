import { isEnglish, prepareText } from '../../contract/search/prepare-text.ts';
import { GENERIC_QUESTION_TERMS } from '../assistant/question-coverage.ts';
import type { SearchFilter, SearchIndex, SearchResult } from '../search/index.ts';
import type { QuestionInsight } from './analytics-store.ts';
import { isNotFoundAnswer } from './is-not-found-answer.ts';
import { scrubSensitiveText } from './scrub-sensitive-text.ts';

/** Terms of a question kept for grouping: a question past this is a pasted log, and its first words say what it asks. */
const MAX_TERMS = 24;
/** Words that open or soften a question without saying what it is about, left out like generic question words ("can I…", "please"). */
const QUESTION_WORDS: ReadonlySet<string> = new Set([
  ...GENERIC_QUESTION_TERMS,
  ...prepareText('can might may will shall please hi hello thanks'),
]);

/** What `describeQuestion` reads of an answer: its text and the sources it was given, in rank order (`[n]` cites the n-th). */
export interface AnswerOfQuestion {
  text: string;
  sources: readonly { path: string }[];
}

/**
 * What insights record of an answered question, computed from the question scrubbed of personal data
 * (`scrubSensitiveText`): its prepared terms (the site's text preparation, generic question words left out; typos are
 * not corrected: search may read "reset" as the site's "rest", and an answer to that is weak), each weighted by its
 * inverse document frequency in the site (a term the site lacks weighs most: what groups questions about a missing
 * topic together); the retrieval strength, from 0 (no result) to 1: the share of the question's weight the best
 * result holds, a word that is only another spelling of a site term ("mac" for "macOS", a typo) weighing the mean of
 * the others rather than the most (a word the site holds in no spelling, "dynamodb", weighs the most: an answer that
 * misses it is weak); the pages the answer cited; the version and language it was answered in (the request's
 * filter, else the best result's, else the site's defaults).
 */
export function describeQuestion(
  index: SearchIndex,
  question: string,
  results: readonly SearchResult[],
  answer: AnswerOfQuestion,
  filter?: SearchFilter,
): QuestionInsight {
  const best = results[0];
  const language = filter?.language ?? best?.metadata.language ?? index.defaults.language;
  const version = filter?.version ?? best?.metadata.version ?? index.defaults.version;
  const terms = questionTerms(scrubSensitiveText(question), language);
  const weights = terms.map((term) => Math.round(inverseDocumentFrequency(index, term) * 100) / 100);
  return {
    terms,
    weights,
    strength: retrievalStrength(index, terms, weights, best, language),
    cited: citedPaths(answer, results.length),
    ...(version ? { version } : {}),
    ...(language ? { language } : {}),
  };
}

/** Letters of a word compared in languages the text preparation does not stem ("vérifier" and "vérifiez", "signature" and "signatures" match). */
const UNSTEMMED_PREFIX = 5;

/**
 * The weighted share of the question's terms the best result holds (see `describeQuestion`), rounded to 0.001. Words of
 * languages without stemming match on their first letters.
 */
function retrievalStrength(
  index: SearchIndex,
  terms: string[],
  weights: number[],
  best: SearchResult | undefined,
  language: string | undefined,
): number {
  if (!best || terms.length === 0) return 0;
  const comparable = isEnglish(language) ? (term: string) => term : (term: string) => term.slice(0, UNSTEMMED_PREFIX);
  const bestTerms = new Set(
    prepareText(`${best.title} ${best.headingPath.join(' ')} ${best.text}`, language).map(comparable),
  );
  const spelling = terms.map(
    (term) => (index.engine?.documentFrequency(term) ?? 0) === 0 && isSpellingOfSiteTerm(index, term),
  );
  const otherWeights = weights.filter((_weight, position) => !spelling[position]);
  const spellingWeight =
    otherWeights.length > 0 ? otherWeights.reduce((sum, weight) => sum + weight, 0) / otherWeights.length : 1;
  let total = 0;
  let held = 0;
  terms.forEach((term, position) => {
    const weight = spelling[position] ? spellingWeight : (weights[position] as number);
    total += weight;
    if (bestTerms.has(comparable(term))) held += weight;
  });
  return Math.round((held / total) * 1000) / 1000;
}

/** Each site's terms, sorted, for prefix lookups (built on the first question that needs them). */
const sortedVocabularies = new WeakMap<SearchIndex, string[]>();
/** Shortest word taken as the start of a longer site term ("mac" of "macos"). */
const MIN_ABBREVIATION = 3;

/**
 * Whether a term the site lacks is only another spelling of one it holds: a typo one or two edits away, a plural, or
 * the start of a site term ("mac" for "macos", "config" for "configur"). Such a term weighs like the others in the
 * strength; a word the site holds in no spelling ("dynamodb", "terraform") keeps its full weight.
 */
function isSpellingOfSiteTerm(index: SearchIndex, term: string): boolean {
  const corrected = index.typos?.correct(term);
  if (corrected !== undefined && (!term.startsWith(corrected) || term.length - corrected.length <= 1)) return true;
  if (term.length < MIN_ABBREVIATION || !index.engine) return false;
  let vocabulary = sortedVocabularies.get(index);
  if (!vocabulary) sortedVocabularies.set(index, (vocabulary = [...index.engine.terms()].sort()));
  let low = 0;
  let high = vocabulary.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((vocabulary[middle] as string) < term) low = middle + 1;
    else high = middle;
  }
  return vocabulary[low]?.startsWith(term) === true;
}

/** The distinct prepared terms of a (scrubbed) question; generic and question words only when nothing else is left. */
function questionTerms(question: string, language: string | undefined): string[] {
  const distinct = [...new Set(prepareText(question.slice(0, 4000), language))];
  const specific = distinct.filter((term) => !QUESTION_WORDS.has(term));
  return (specific.length > 0 ? specific : distinct).slice(0, MAX_TERMS);
}

/** BM25's inverse document frequency of a term in the site's sections: a term no section holds weighs most. */
function inverseDocumentFrequency(index: SearchIndex, term: string): number {
  const documents = index.sections.length;
  const frequency = index.engine?.documentFrequency(term) ?? 0;
  return Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
}

/**
 * The pages an answer cites, in the order it first cites them: the sources its `[n]` markers name; an answer with
 * no marker that is not a "not found" answer is taken to rest on its first source (a model that does not number its
 * citations).
 */
function citedPaths(answer: AnswerOfQuestion, resultCount: number): string[] {
  const paths = new Set<string>();
  for (const match of answer.text.matchAll(/\[(\d{1,2})\]/g)) {
    const source = answer.sources[Number(match[1]) - 1];
    if (source) paths.add(source.path);
  }
  if (paths.size === 0 && answer.sources[0] && !isNotFoundAnswer(answer.text, resultCount))
    paths.add(answer.sources[0].path);
  return [...paths];
}

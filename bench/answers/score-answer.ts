import { isNotFoundAnswer } from '../../runtime/analytics/is-not-found-answer.ts';
import { samePage } from '../retrieval/question-set.ts';
import type { AnswerQuestion } from './answer-question-set.ts';

/** An answer as a reader gets it: its text and the paths of its sources, `[n]` naming the n-th. */
export interface ComposedAnswer {
  text: string;
  sources: readonly string[];
}

/** How one answer scores against its question. */
export interface AnswerScore {
  /** Every decisive fact is in the text (one of its spellings). */
  facts: boolean;
  /** A `[n]` marker of the text points at a source that answers. */
  goldCited: boolean;
  /** A source that answers was retrieved (cited or not). */
  goldAmongSources: boolean;
  /** The answer says the docs do not cover the question. */
  notFound: boolean;
  /** The facts the text lacks (each as its spellings). */
  missingFacts: string[][];
}

/** `[1]`, `[2, 3]`: the citation markers of an answer. */
const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/** Lower case, whitespace collapsed: how facts and answers are compared. */
export function normalizeForFacts(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}

/** The source numbers an answer cites. */
export function citedSources(text: string): Set<number> {
  const cited = new Set<number>();
  for (const match of text.matchAll(CITATION))
    for (const number of (match[1] as string).split(',')) cited.add(Number(number.trim()));
  return cited;
}

/** Whether a page path answers the question (another docs version of a gold page counts). */
export function answersQuestion(question: AnswerQuestion, pagePath: string): boolean {
  return question.answers.some((answer) => samePage(answer) === samePage(pagePath));
}

/** Scores an answer: the facts in its text, a gold page cited, a gold page retrieved, "not found". */
export function scoreAnswer(question: AnswerQuestion, answer: ComposedAnswer): AnswerScore {
  const text = normalizeForFacts(answer.text);
  const missingFacts = question.facts.filter(
    (spellings) => !spellings.some((spelling) => text.includes(normalizeForFacts(spelling))),
  );
  const cited = [...citedSources(answer.text)]
    .map((number) => answer.sources[number - 1])
    .filter((source): source is string => source !== undefined);
  return {
    facts: missingFacts.length === 0,
    goldCited: cited.some((source) => answersQuestion(question, source)),
    goldAmongSources: answer.sources.some((source) => answersQuestion(question, source)),
    notFound: isNotFoundAnswer(answer.text, answer.sources.length),
    missingFacts,
  };
}

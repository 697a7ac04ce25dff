import { prepareText } from '../../contract/search/prepare-text.ts';
import type { AnswerFailureReason } from '../assistant/answer-failure.ts';
import { scrubSensitiveText } from './scrub-sensitive-text.ts';
import type { InsightsQuery, QuestionOutcome, StoreInsights } from './store-insights.ts';

/** What insights record of a question beside its outcome (`describeQuestion` computes it from the scrubbed question). */
export interface QuestionInsight {
  /** The question's prepared terms, distinct, in question order: what near-duplicates are grouped on. */
  terms: string[];
  /** Each term's weight (its inverse document frequency in the site): rare and missing terms count most. */
  weights: number[];
  /** How well the best result matched, 0 to 1 (the weighted share of the terms it holds); under `WEAK_STRENGTH` the answer is weak. */
  strength: number;
  /** Paths of the pages the answer cited. */
  cited: string[];
  /** The version and language the question was answered in (absent: the site has none). */
  version?: string;
  language?: string;
}

/** One question, recorded when its answer finished or failed. */
export interface QuestionEvent {
  domain: string;
  threadId: string;
  messageId: string;
  /** The question as the reader wrote it: the store scrubs it, and keeps only its terms unless question text is kept. */
  question: string;
  /** How many sections retrieval found (0: a zero-result search). */
  resultCount: number;
  /** The answer said the docs do not cover it (or there was nothing to cite). */
  notFound: boolean;
  /** How the answer ended (default `answered`): a failure reason when it did not complete. */
  outcome?: 'answered' | AnswerFailureReason;
  at: Date;
  /** Terms, strength and citations for insights (absent: the question counts in `report` only, not in `insights`). */
  insight?: QuestionInsight;
}

/** Thumbs up/down on an assistant message. */
export interface FeedbackEvent {
  domain: string;
  threadId: string;
  messageId: string;
  /** The caller who rated (the request's `fp`). */
  fingerprint: string;
  rating: 'up' | 'down';
  comment?: string;
  at: Date;
}

/** A `POST /v1/search` query with its result count. */
export interface SearchEvent {
  domain: string;
  query: string;
  resultCount: number;
  at: Date;
}

/** A text and how often it came up. */
export interface CountedText {
  text: string;
  count: number;
}

/** What `GET /v1/analytics/{domain}/questions` answers for a time range. */
export interface QuestionsReport {
  from: string;
  to: string;
  questions: number;
  topQuestions: CountedText[];
  notFoundQuestions: CountedText[];
  feedback: {
    up: number;
    down: number;
    comments: { messageId: string; rating: 'up' | 'down'; comment: string; at: string }[];
  };
  zeroResultSearches: CountedText[];
  /** Questions whose answer did not complete, by reason (only the reasons that occurred). */
  answerFailures: Partial<Record<AnswerFailureReason, number>>;
}

/** Where questions, feedback and searches are kept for analytics: SQLite or Redis, beside the thread store. */
export interface AnalyticsStore {
  recordQuestion(event: QuestionEvent): Promise<void>;
  recordFeedback(event: FeedbackEvent): Promise<void>;
  recordSearch(event: SearchEvent): Promise<void>;
  /** The report of a domain for `from <= at < to`; lists hold at most `limit` entries (default 20). */
  report(domain: string, from: Date, to: Date, limit?: number): Promise<QuestionsReport>;
  /** Insights of a domain over whole UTC days, from the questions recorded with an insight; never reads them all into memory. */
  insights(query: InsightsQuery): Promise<StoreInsights>;
  /** Deletes every event (question, feedback, search) recorded before `before`; resolves to how many (retention). */
  deleteEventsBefore(before: Date): Promise<number>;
  /** Resolves when the store answers (for `/readyz`); rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Options of the analytics stores. */
export interface AnalyticsStoreOptions {
  /** Keep the text of questions and search queries, scrubbed (default false: only their prepared terms are kept). */
  storeQuestionText?: boolean;
}

/**
 * How insights count a question's end: a complete answer is `not_found` when it said the docs do not cover the
 * question, else `answered`; one the reader left is `aborted` (a gap: they gave up); any other failure (the model, a
 * timeout, a shutdown, the thread store) is `failed`, the runtime's fault and not the docs'.
 */
export function outcomeOf(event: { outcome?: string | null; notFound: boolean | number }): QuestionOutcome {
  const outcome = event.outcome ?? 'answered';
  if (outcome === 'answered') return event.notFound ? 'not_found' : 'answered';
  return outcome === 'client_aborted' ? 'aborted' : 'failed';
}

/**
 * The text a store writes for a question or search query: scrubbed of personal data and secrets, then normalised
 * (`normalizeQuestion`) when question text is kept, else only its prepared terms (`terms`, or the scrubbed text's).
 */
export function storedQuestionText(text: string, storeQuestionText: boolean, terms?: readonly string[]): string {
  const scrubbed = scrubSensitiveText(text);
  return storeQuestionText ? normalizeQuestion(scrubbed) : (terms ?? prepareText(scrubbed)).join(' ').slice(0, 500);
}

/** A question as counted: trimmed, lower-case, inner whitespace collapsed, trailing `?` dropped. */
export function normalizeQuestion(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[?!.\s]+$/, '')
    .slice(0, 500);
}

/** Counts texts, most frequent first (ties alphabetically), at most `limit`. */
export function countTexts(texts: Iterable<string>, limit: number): CountedText[] {
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts]
    .map(([text, count]) => ({ text, count }))
    .sort((left, right) => right.count - left.count || left.text.localeCompare(right.text))
    .slice(0, limit);
}

/** Counts the failure reasons among question outcomes (`answered` and absent outcomes are not failures). */
export function countFailures(
  outcomes: Iterable<string | null | undefined>,
): Partial<Record<AnswerFailureReason, number>> {
  const counts: Partial<Record<AnswerFailureReason, number>> = {};
  for (const outcome of outcomes) {
    if (!outcome || outcome === 'answered') continue;
    const reason = outcome as AnswerFailureReason;
    counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return counts;
}

import type { AnswerFailureReason } from '../assistant/answer-failure.ts';

/** One question, recorded when its answer finished or failed. */
export interface QuestionEvent {
  domain: string;
  threadId: string;
  messageId: string;
  question: string;
  /** How many sections retrieval found (0: a zero-result search). */
  resultCount: number;
  /** The answer said the docs do not cover it (or there was nothing to cite). */
  notFound: boolean;
  /** How the answer ended (default `answered`): a failure reason when it did not complete. */
  outcome?: 'answered' | AnswerFailureReason;
  at: Date;
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
  feedback: { up: number; down: number; comments: { messageId: string; rating: 'up' | 'down'; comment: string; at: string }[] };
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
  /** Deletes every event (question, feedback, search) recorded before `before`; resolves to how many (retention). */
  deleteEventsBefore(before: Date): Promise<number>;
  /** Resolves when the store answers (for `/readyz`); rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A question as counted: trimmed, lower-case, inner whitespace collapsed, trailing `?` dropped. */
export function normalizeQuestion(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[?!.\s]+$/, '').slice(0, 500);
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
export function countFailures(outcomes: Iterable<string | null | undefined>): Partial<Record<AnswerFailureReason, number>> {
  const counts: Partial<Record<AnswerFailureReason, number>> = {};
  for (const outcome of outcomes) {
    if (!outcome || outcome === 'answered') continue;
    const reason = outcome as AnswerFailureReason;
    counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return counts;
}

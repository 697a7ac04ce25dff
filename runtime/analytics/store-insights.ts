/** How an answer ended: it answered, it said the docs do not cover the question, the model failed (an error or a timeout), or the reader left before it finished. */
export type QuestionOutcome = 'answered' | 'not_found' | 'failed' | 'aborted';

/** Longest range of an insights query, in days: the default analytics retention. */
export const MAX_INSIGHTS_DAYS = 400;
/** Pages listed per group: the ones its questions cited most. */
export const PAGES_PER_GROUP = 3;

const DAY_MS = 86_400_000;

/** What `AnalyticsStore.insights` reads: a domain's whole UTC days `from`..`to` (inclusive), optionally one version and one language. */
export interface InsightsQuery {
  domain: string;
  /** First day, `YYYY-MM-DD` (UTC). */
  from: string;
  /** Last day, `YYYY-MM-DD` (UTC), included. */
  to: string;
  version?: string;
  language?: string;
  /** Entries per list (default 20). */
  limit?: number;
}

/** Questions counted by how their answer ended. */
export interface OutcomeCounts {
  answered: number;
  notFound: number;
  failed: number;
  aborted: number;
}

/** One day of the chart: its questions by outcome and the thumbs their answers got. */
export interface DayInsights extends OutcomeCounts {
  day: string;
  up: number;
  down: number;
}

/** A page and how often answers cited it, with the thumbs those answers got. */
export interface PageInsights {
  path: string;
  citations: number;
  up: number;
  down: number;
}

/** A group of near-duplicate questions over the range. */
export interface GroupInsights {
  id: string;
  /** The question that opened the group (its terms when question text is not kept). */
  representative: string;
  terms: string[];
  questions: number;
  outcomes: OutcomeCounts;
  /** Answered questions whose best result matched weakly (`WEAK_STRENGTH`). */
  weak: number;
  up: number;
  down: number;
  /** Questions the docs failed: not found, weak, abandoned (aborted) or thumbed down, each counted once. */
  gaps: number;
  /** The pages its answers cited most (`PAGES_PER_GROUP`), with how often. */
  pages: { path: string; citations: number }[];
}

/** A reader's comment on an answer, with the group of the question it answered (never the reader's fingerprint or address). */
export interface InsightsComment {
  at: string;
  rating: 'up' | 'down';
  comment: string;
  groupId: string;
  question: string;
}

/** What a store answers for an insights query. */
export interface StoreInsights {
  from: string;
  to: string;
  totals: OutcomeCounts & { questions: number; weak: number; up: number; down: number; gaps: number };
  /** Every day of the range, oldest first, zero days included. */
  days: DayInsights[];
  /** The groups asked most, most questions first. */
  groups: GroupInsights[];
  /** The groups with the most failed questions (`gaps` > 0), most first. */
  gaps: GroupInsights[];
  /** The pages cited most, most first. */
  pages: PageInsights[];
  /** The pages most cited by thumbed-down answers (`down` > 0), most first. */
  downPages: PageInsights[];
  /** Every page cited in the range (what "never cited" is measured against). */
  citedPaths: string[];
  /** The latest comments, newest first. */
  comments: InsightsComment[];
}

/** The UTC day (`YYYY-MM-DD`) of a time. */
export function dayOf(at: Date | number): string {
  return new Date(typeof at === 'number' ? at : at.getTime()).toISOString().slice(0, 10);
}

/** Every day of a query's range, oldest first. */
export function daysOf(query: Pick<InsightsQuery, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (
    let at = Date.parse(`${query.from}T00:00:00Z`), end = Date.parse(`${query.to}T00:00:00Z`);
    at <= end;
    at += DAY_MS
  )
    days.push(dayOf(at));
  return days;
}

/** The query's range in ms, `[from, to)`: from the first day's start to the end of the last. */
export function rangeOf(query: Pick<InsightsQuery, 'from' | 'to'>): { from: number; to: number } {
  return { from: Date.parse(`${query.from}T00:00:00Z`), to: Date.parse(`${query.to}T00:00:00Z`) + DAY_MS };
}

/** Zero counts of every outcome. */
export function noOutcomes(): OutcomeCounts {
  return { answered: 0, notFound: 0, failed: 0, aborted: 0 };
}

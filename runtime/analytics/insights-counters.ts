import type { QuestionOutcome, StoreInsights } from './store-insights.ts';

/** An answer whose best result holds less than this weighted share of the question's terms is weak (a content gap). */
export const WEAK_STRENGTH = 0.4;

/**
 * The counters both stores keep per scope and UTC day, for the day and for each group: questions, each outcome, weak
 * answers, thumbs and gap questions. Pages keep their citations and the thumbs of the answers citing them; a
 * group keeps its pages' citations. Insights read these sums, never the questions.
 */
export const COUNTER_METRICS = [
  'questions',
  'answered',
  'not_found',
  'failed',
  'aborted',
  'weak',
  'up',
  'down',
  'gaps',
] as const;
export type CounterMetric = (typeof COUNTER_METRICS)[number];

/** The totals of an insights range, from the sum of each counter over its days. */
export function insightsTotals(sum: (metric: CounterMetric) => number): StoreInsights['totals'] {
  return {
    questions: sum('questions'),
    weak: sum('weak'),
    gaps: sum('gaps'),
    up: sum('up'),
    down: sum('down'),
    answered: sum('answered'),
    notFound: sum('not_found'),
    failed: sum('failed'),
    aborted: sum('aborted'),
  };
}

/** Where a question's counters are and what they depend on: what a store keeps of a question so that its feedback can move them. */
export interface QuestionCoordinates {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  group: string;
  scopes: string[];
  cited: string[];
  outcome: QuestionOutcome;
  strength: number;
  rating: '' | 'up' | 'down';
}

/** Changes of a question's counters, the same in each of its scopes. */
export interface CounterChanges {
  /** Changes of the day's and the group's counters. */
  metrics: [CounterMetric, number][];
  /** Change of each cited page's citations (and the group's citations of it). */
  citations: number;
  /** Changes of each cited page's thumbs. */
  pageRatings: ['up' | 'down', number][];
}

/** Whether a question counts as a content gap: not found, answered weakly, abandoned, or thumbed down. A failed answer is the runtime's fault, not the docs'. */
export function isGapQuestion(outcome: QuestionOutcome, strength: number, rating: 'up' | 'down' | undefined): boolean {
  return (
    outcome === 'not_found' ||
    outcome === 'aborted' ||
    (outcome === 'answered' && strength < WEAK_STRENGTH) ||
    rating === 'down'
  );
}

/** Whether an answered question is weak. */
export function isWeakAnswer(outcome: QuestionOutcome, strength: number): boolean {
  return outcome === 'answered' && strength < WEAK_STRENGTH;
}

/** The scope of all questions: a query without version and language reads it. */
export const ALL_SCOPE = '*';

/** The scope a query reads: all questions, one version, one language, or one version in one language. */
export function scopeOf(version: string | undefined, language: string | undefined): string {
  if (version === undefined && language === undefined) return ALL_SCOPE;
  return [
    version === undefined ? '' : `v=${encodeURIComponent(version)}`,
    language === undefined ? '' : `l=${encodeURIComponent(language)}`,
  ]
    .filter(Boolean)
    .join('&');
}

/** The scopes a question counts in: all, its version, its language, and both (a question without version or language counts in all only). */
export function scopesOfQuestion(version: string | undefined, language: string | undefined): string[] {
  const scopes = [ALL_SCOPE];
  if (version) scopes.push(scopeOf(version, undefined));
  if (language) scopes.push(scopeOf(undefined, language));
  if (version && language) scopes.push(scopeOf(version, language));
  return scopes;
}

/** What recording a question adds: one question, its outcome, weak and gap when it is, one citation of each cited page. */
export function recordedChanges(question: Omit<QuestionCoordinates, 'rating'>): CounterChanges {
  const metrics: [CounterMetric, number][] = [
    ['questions', 1],
    [question.outcome, 1],
  ];
  if (isWeakAnswer(question.outcome, question.strength)) metrics.push(['weak', 1]);
  if (isGapQuestion(question.outcome, question.strength, undefined)) metrics.push(['gaps', 1]);
  return { metrics, citations: 1, pageRatings: [] };
}

/** What moving a question's rating to `rating` changes (undefined when it is its rating already): the thumbs, and the gap when the thumb decides it. */
export function ratingChanges(question: QuestionCoordinates, rating: 'up' | 'down'): CounterChanges | undefined {
  if (question.rating === rating) return undefined;
  const metrics: [CounterMetric, number][] = [[rating, 1]];
  const pageRatings: CounterChanges['pageRatings'] = [[rating, 1]];
  if (question.rating) {
    metrics.push([question.rating, -1]);
    pageRatings.push([question.rating, -1]);
  }
  const gapChange =
    Number(isGapQuestion(question.outcome, question.strength, rating)) -
    Number(isGapQuestion(question.outcome, question.strength, question.rating || undefined));
  if (gapChange !== 0) metrics.push(['gaps', gapChange]);
  return { metrics, citations: 0, pageRatings };
}

import { dayOf, MAX_INSIGHTS_DAYS } from './store-insights.ts';

const DAY_MS = 86_400_000;
/** Days an insights range covers when none is given: the 30 days ending with the last day. */
export const DEFAULT_INSIGHTS_DAYS = 30;

/** The days an insights query may be asked for: a first day (or a number of days back), a last day, both optional. */
export interface InsightsRangeInput {
  /** First day, `YYYY-MM-DD` (default: `days` days ending with `to`). */
  from?: string;
  /** Last day, `YYYY-MM-DD`, included (default: the day of `now`, UTC). */
  to?: string;
  /** Days covered when `from` is not given (default `DEFAULT_INSIGHTS_DAYS`). */
  days?: number;
}

/** Thrown for a range that cannot be queried, with a message naming the field at fault. */
export class InsightsRangeError extends Error {
  override name = 'InsightsRangeError';
  constructor(
    message: string,
    readonly field: 'from' | 'to',
  ) {
    super(message);
  }
}

/** Resolves and checks an insights range: real calendar days, `from` not after `to`, at most `MAX_INSIGHTS_DAYS` days. */
export function resolveInsightsRange(input: InsightsRangeInput, now: Date): { from: string; to: string } {
  const to = input.to ?? dayOf(now);
  checkDay(to, 'to');
  const from =
    input.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - ((input.days ?? DEFAULT_INSIGHTS_DAYS) - 1) * DAY_MS);
  checkDay(from, 'from');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1)
    throw new InsightsRangeError(
      `Unexpected from ${from} after to ${to}, expected a first day on or before the last.`,
      'from',
    );
  if (days > MAX_INSIGHTS_DAYS)
    throw new InsightsRangeError(`Unexpected range of ${days} days, expected at most ${MAX_INSIGHTS_DAYS}.`, 'from');
  return { from, to };
}

function checkDay(day: string, field: 'from' | 'to'): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || dayOf(Date.parse(`${day}T00:00:00Z`) || 0) !== day)
    throw new InsightsRangeError(`Unexpected ${field} ${day}, expected a calendar day like 2026-11-01.`, field);
}

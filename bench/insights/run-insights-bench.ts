import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnalyticsStore } from '../../runtime/analytics/analytics-store.ts';
import { createRedisAnalyticsStore } from '../../runtime/analytics/redis-analytics-store.ts';
import { createSqliteAnalyticsStore } from '../../runtime/analytics/sqlite-analytics-store.ts';
import type { InsightsQuery } from '../../runtime/analytics/store-insights.ts';
import { StoreUnavailableError } from '../../runtime/stores/store-unavailable-error.ts';
import { median, printTable, timed } from '../bench-helpers.ts';
import { syntheticQuestions } from './synthetic-questions.ts';

const QUESTIONS = Number(process.env.BENCH_INSIGHTS_QUESTIONS ?? 1_000_000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_TEST_URL;
/** The stores measured, comma-separated (default both): one per process lets the two fill at once on a loaded machine. */
const STORES = (process.env.BENCH_INSIGHTS_STORES ?? 'sqlite,redis').split(',');
const DAYS = 30;
const FIRST_DAY = '2026-10-01';
const LAST_DAY = '2026-10-30';
/** The bar: grouping and gap queries over a million questions within 2 s. */
const BAR_MS = 2000;
/** Entries per list the dashboard asks for (50), times the gap candidates `collectInsights` reads per gap listed (3). */
const DASHBOARD_LIMIT = 150;
/** Questions written at once: Redis overlaps their round trips, SQLite commits those of one event-loop turn together. */
const WRITE_CONCURRENCY = 64;

/** What the bench measured on one store. */
export interface InsightsStoreFigures {
  store: string;
  questions: number;
  writesPerSecond: number;
  /** Median ms of the insights query over every day (all questions), over the last 7 days, and narrowed to one version and language. */
  allDaysMs: number;
  weekMs: number;
  filteredMs: number;
  /** ms of the legacy report over the same days, which reads every question into memory: the baseline (absent when it failed, e.g. a Redis command timeout). */
  baselineMs?: number;
  /** Growth of this process's heap during the insights queries, MiB. */
  heapGrowthMiB: number;
}

/**
 * Fills a SQLite store and (with BENCH_REDIS_URL or REDIS_TEST_URL) a Redis store (BENCH_INSIGHTS_STORES) with BENCH_INSIGHTS_QUESTIONS
 * synthetic questions over 30 days (default 1,000,000), then times the insights query the dashboard makes (groups,
 * gaps, pages, days, comments in one, 150 per list) against the legacy report that reads every question of the range:
 * the baseline of the same run.
 */
export async function runInsightsBench(): Promise<InsightsStoreFigures[]> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-insights-'));
  const figures: InsightsStoreFigures[] = [];
  try {
    if (STORES.includes('sqlite'))
      figures.push(await measure('sqlite', createSqliteAnalyticsStore(path.join(directory, 'docsmith.sqlite'))));
    if (!STORES.includes('redis')) return figures;
    if (REDIS_URL)
      figures.push(
        await measure('redis', createRedisAnalyticsStore(REDIS_URL, `bench-insights-${Date.now().toString(36)}:`)),
      );
    else
      process.stdout.write(
        '\ninsights bench: Redis skipped; set BENCH_REDIS_URL (or REDIS_TEST_URL) to measure it too\n',
      );
  } finally {
    await rm(directory, { recursive: true, force: true });
    printFigures(figures);
  }
  return figures;
}

function printFigures(figures: InsightsStoreFigures[]): void {
  printTable(
    `Insights over ${QUESTIONS.toLocaleString('en')} questions in ${DAYS} days (bar: ${BAR_MS} ms)`,
    [
      'store',
      'writes/s',
      'all days ms',
      '7 days ms',
      'v2+fr ms',
      'baseline ms',
      'all days / baseline',
      'all days / bar',
      'heap growth MiB',
    ],
    figures.map((figure) => [
      figure.store,
      figure.writesPerSecond.toFixed(0),
      figure.allDaysMs.toFixed(0),
      figure.weekMs.toFixed(0),
      figure.filteredMs.toFixed(0),
      figure.baselineMs === undefined ? 'failed' : figure.baselineMs.toFixed(0),
      figure.baselineMs === undefined ? '-' : (figure.allDaysMs / figure.baselineMs).toFixed(2),
      (figure.allDaysMs / BAR_MS).toFixed(2),
      figure.heapGrowthMiB.toFixed(1),
    ]),
  );
}

async function measure(name: string, store: AnalyticsStore): Promise<InsightsStoreFigures> {
  const domain = 'bench';
  try {
    const started = performance.now();
    const inFlight = new Set<Promise<void>>();
    for (const { question, feedback } of syntheticQuestions({
      domain,
      count: QUESTIONS,
      firstDay: FIRST_DAY,
      days: DAYS,
    })) {
      const write = store.recordQuestion(question).then(() => (feedback ? store.recordFeedback(feedback) : undefined));
      inFlight.add(write);
      void write.finally(() => inFlight.delete(write));
      if (inFlight.size >= WRITE_CONCURRENCY) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    const writesPerSecond = QUESTIONS / ((performance.now() - started) / 1000);
    const query = (extra: Partial<InsightsQuery>): InsightsQuery => ({
      domain,
      from: FIRST_DAY,
      to: LAST_DAY,
      limit: DASHBOARD_LIMIT,
      ...extra,
    });
    const heapBefore = process.memoryUsage().heapUsed;
    const allDaysMs = median(await timed(3, () => store.insights(query({}))));
    const weekMs = median(await timed(3, () => store.insights(query({ from: '2026-10-24' }))));
    const filteredMs = median(await timed(3, () => store.insights(query({ version: 'v2', language: 'fr' }))));
    const heapGrowthMiB = Math.max(0, process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    let baselineMs: number | undefined;
    try {
      [baselineMs] = await timed(1, () =>
        store.report(domain, new Date(`${FIRST_DAY}T00:00:00Z`), new Date(`${LAST_DAY}T23:59:59.999Z`)),
      );
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      process.stdout.write(
        `\ninsights bench: the ${name} baseline (the report reading every question) failed: ${error.message}\n`,
      );
    }
    return {
      store: name,
      questions: QUESTIONS,
      writesPerSecond,
      allDaysMs,
      weekMs,
      filteredMs,
      ...(baselineMs === undefined ? {} : { baselineMs }),
      heapGrowthMiB,
    };
  } finally {
    await store
      .deleteEventsBefore(new Date('2100-01-01'))
      .catch((error: Error) =>
        process.stdout.write(`insights bench: the ${name} store was not emptied (${error.message})\n`),
      );
    await store.close();
  }
}

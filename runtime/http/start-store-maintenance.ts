import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsStore } from '../analytics/analytics-store.ts';
import { summarizeErrorForLog } from '../assistant/summarize-error-for-log.ts';
import { startRetentionSweeper } from '../stores/retention-sweeper.ts';
import { monitorStoreHealth } from '../stores/store-health-monitor.ts';
import type { ThreadStore } from '../threads/thread-store.ts';

/** Days analytics events are kept by default: a year-over-year report still works (the earlier Redis trim). */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 400;

/** Options of `startStoreMaintenance`. */
export interface StoreMaintenanceOptions {
  threads: ThreadStore;
  analytics: AnalyticsStore;
  /** Days a thread is kept after its last message (default: kept forever). */
  threadRetentionDays?: number | undefined;
  /** Days analytics events are kept (default DEFAULT_ANALYTICS_RETENTION_DAYS; 0 keeps them forever). */
  analyticsRetentionDays?: number | undefined;
  /** Where health changes and sweeps are logged. */
  log: FastifyBaseLogger;
}

/** Watches the thread store's health and sweeps threads and analytics events past their retention; returns the stop. */
export function startStoreMaintenance(options: StoreMaintenanceOptions): () => void {
  const { threads, analytics, log } = options;
  const stopHealthMonitor = monitorStoreHealth({
    problem: () => threads.problem(),
    onChange: (problem) =>
      problem ? log.error({ problem }, 'thread store unusable') : log.info('thread store usable again'),
  });
  const retention = options.threadRetentionDays
    ? startRetentionSweeper({
        retentionMs: options.threadRetentionDays * 86_400_000,
        sweep: (before) => threads.deleteThreadsBefore(before),
        onSwept: (count) => log.info({ count }, 'deleted threads past their retention'),
        onError: (error) => log.warn({ error: summarizeErrorForLog(error) }, 'thread retention sweep failed'),
      })
    : undefined;
  const analyticsRetentionDays = options.analyticsRetentionDays ?? DEFAULT_ANALYTICS_RETENTION_DAYS;
  const analyticsRetention = analyticsRetentionDays
    ? startRetentionSweeper({
        retentionMs: analyticsRetentionDays * 86_400_000,
        sweep: (before) => analytics.deleteEventsBefore(before),
        onSwept: (count) => log.info({ count }, 'deleted analytics events past their retention'),
        onError: (error) => log.warn({ error: summarizeErrorForLog(error) }, 'analytics retention sweep failed'),
      })
    : undefined;
  return () => {
    stopHealthMonitor();
    retention?.stop();
    analyticsRetention?.stop();
  };
}

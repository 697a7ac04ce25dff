import { Worker } from 'node:worker_threads';
import type { InsightsQuery, StoreInsights } from './store-insights.ts';

/** Compiled (lib/), the worker runs the compiled query; from the TypeScript sources (tests, benches), a plain-JS entry registers tsx first. */
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './sqlite-insights-worker.js' : './sqlite-insights-worker-loop.js', import.meta.url);

/**
 * Runs an insights query of a SQLite analytics database on a worker thread with its own read-only connection:
 * aggregating a million questions takes SQLite a second, which must not hold the event loop of a serving process.
 * Rejects with the error's message when the database cannot be read.
 */
export function queryInsightsOffThread(file: string, query: InsightsQuery): Promise<StoreInsights> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { file, query } });
    worker.once('message', (message: { insights?: StoreInsights; error?: string }) => {
      if (message.insights) resolve(message.insights);
      else reject(new Error(message.error ?? 'the insights query failed'));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the insights worker stopped (exit code ${code})`)));
  });
}

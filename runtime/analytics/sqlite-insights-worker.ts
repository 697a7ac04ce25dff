import { Worker } from 'node:worker_threads';
import type { InsightsQuery, StoreInsights } from './store-insights.ts';

/** Compiled (lib/), the worker runs the compiled loop; from the TypeScript sources (tests, benches), a plain-JS entry registers tsx first. */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './sqlite-insights-worker-source.js' : './sqlite-insights-worker-loop.js',
  import.meta.url,
);

/** Runs the insights queries of one SQLite database off the event loop. */
export interface SqliteInsightsWorker {
  /** Answers a query; rejects with the error's message when the database cannot be read. */
  query(query: InsightsQuery): Promise<StoreInsights>;
  /** Stops the worker (a later query starts a new one). */
  close(): Promise<void>;
}

interface Pending {
  resolve: (insights: StoreInsights) => void;
  reject: (error: Error) => void;
}

/**
 * A worker thread with its own read-only connection to a SQLite analytics database (WAL: the serving thread keeps
 * writing), started on the first query and kept for the next: aggregating a million questions takes SQLite a second,
 * which must not hold the event loop of a serving process. The worker keeps the process alive only while a query runs.
 */
export function createSqliteInsightsWorker(file: string): SqliteInsightsWorker {
  let worker: Worker | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 0;
  const failAll = (error: Error): void => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    worker = undefined;
  };
  const start = (): Worker => {
    const started = new Worker(WORKER_URL, { workerData: { file } });
    started.on('message', (message: { id: number; insights?: StoreInsights; error?: string }) => {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (pending.size === 0) started.unref();
      if (message.insights) waiting?.resolve(message.insights);
      else waiting?.reject(new Error(message.error ?? 'the insights query failed'));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => failAll(new Error(`the insights worker stopped (exit code ${code})`)));
    return started;
  };
  return {
    query(query) {
      worker ??= start();
      const id = (nextId += 1);
      worker.ref();
      worker.postMessage({ id, query });
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}

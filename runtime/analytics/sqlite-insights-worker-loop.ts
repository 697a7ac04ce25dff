import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { queryInsights } from './sqlite-insights-queries.ts';
import type { InsightsQuery } from './store-insights.ts';

/** The worker of `createSqliteInsightsWorker`: answers each `{id, query}` on a read-only connection opened at the first one. */
const { file } = workerData as { file: string };
let connection: Database.Database | undefined;
parentPort?.on('message', ({ id, query }: { id: number; query: InsightsQuery }) => {
  try {
    connection ??= new Database(file, { readonly: true, fileMustExist: true });
    parentPort?.postMessage({ id, insights: queryInsights(connection, query) });
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).message });
  }
});

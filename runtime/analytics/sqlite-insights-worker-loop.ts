import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from '../stores/open-sqlite.ts';
import type { SqliteDatabase } from '../stores/sqlite-database.ts';
import { queryInsights } from './sqlite-insights-queries.ts';
import type { InsightsQuery } from './store-insights.ts';

/** The worker of `createSqliteInsightsWorker`: answers each `{id, query}` on a connection of its own, opened at the first one, that only reads. */
const { file } = workerData as { file: string };
let connection: SqliteDatabase | undefined;
parentPort?.on('message', ({ id, query }: { id: number; query: InsightsQuery }) => {
  try {
    connection ??= openSqlite(file);
    parentPort?.postMessage({ id, insights: queryInsights(connection, query) });
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).message });
  }
});

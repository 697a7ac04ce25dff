import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { queryInsights } from './sqlite-insights-queries.ts';
import type { InsightsQuery } from './store-insights.ts';

/** Runs one insights query on its own read-only connection (WAL: the serving thread keeps writing) and posts the result or the error's message. */
const { file, query } = workerData as { file: string; query: InsightsQuery };
let connection: Database.Database | undefined;
try {
  connection = new Database(file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 2000');
  parentPort?.postMessage({ insights: queryInsights(connection, query) });
} catch (error) {
  parentPort?.postMessage({ error: (error as Error).message });
} finally {
  connection?.close();
}

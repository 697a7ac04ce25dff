import { setImmediate as setImmediateCallback } from 'node:timers';
import { setImmediate } from 'node:timers/promises';
import { openSqlite } from '../stores/open-sqlite.ts';
import { sqliteColumnNames, sqliteTransaction } from '../stores/sqlite-database.ts';
import { StoreUnavailableError } from '../stores/store-unavailable-error.ts';
import {
  countFailures,
  countTexts,
  storedQuestionText,
  type AnalyticsStore,
  type AnalyticsStoreOptions,
  type QuestionsReport,
} from './analytics-store.ts';
import { inSavepoint } from './in-savepoint.ts';
import { scrubSensitiveText } from './scrub-sensitive-text.ts';
import { queryInsights } from './sqlite-insights-queries.ts';
import { createSqliteInsightsWorker } from './sqlite-insights-worker.ts';
import { createSqliteInsightsWriter, migrateInsightsSchema } from './sqlite-insights-writer.ts';

/** Rows deleted per statement by a retention sweep, so a large backlog never holds the write lock or the event loop for long. */
const DELETE_BATCH = 5000;

/**
 * Analytics in SQLite (one replica): three append-only tables indexed by domain and time, and by time for retention;
 * questions recorded with an insight also carry their group, outcome, strength, version, language, cited pages and
 * rating, and add to the insights counters per day (`migrateInsightsSchema`). Writes queued in one turn of the event
 * loop commit together. Insights queries of a database file run on a worker thread (`createSqliteInsightsWorker`).
 */
export function createSqliteAnalyticsStore(file: string, options: AnalyticsStoreOptions = {}): AnalyticsStore {
  const storeQuestionText = options.storeQuestionText ?? false;
  const insightsWorker = file === ':memory:' ? undefined : createSqliteInsightsWorker(file);
  // Closing drops the prepared statements with the connection: a closed store holds nothing of its database, and an
  // operation after close is a StoreUnavailableError, not a driver's TypeError.
  let open: AnalyticsDatabase | undefined = openAnalyticsDatabase(file);
  const run = <T>(operation: (database: AnalyticsDatabase) => T): T => {
    if (!open) throw new StoreUnavailableError('The analytics store is closed.');
    const database = open;
    try {
      return operation(database);
    } catch (error) {
      throw new StoreUnavailableError(`SQLite is unavailable: ${(error as Error).message}`);
    }
  };
  // Group commit: the writes queued in one turn of the event loop run in one transaction (each in a savepoint of its
  // own, so a failing write fails alone), one commit for a burst of answers instead of one each.
  let queued: { write: (database: AnalyticsDatabase) => void; resolve: () => void; reject: (error: Error) => void }[] =
    [];
  const flush = (): void => {
    const batch = queued;
    queued = [];
    let failures: (Error | undefined)[];
    try {
      failures = run((database) =>
        sqliteTransaction(
          database.connection,
          () =>
            batch.map(({ write }) => {
              try {
                inSavepoint(database.connection, () => write(database));
                return undefined;
              } catch (error) {
                return new StoreUnavailableError(`SQLite is unavailable: ${(error as Error).message}`);
              }
            }),
          { immediate: true },
        )(),
      );
    } catch (error) {
      failures = batch.map(() => error as Error);
    }
    batch.forEach((entry, index) => (failures[index] ? entry.reject(failures[index]) : entry.resolve()));
  };
  const enqueue = (write: (database: AnalyticsDatabase) => void): Promise<void> =>
    new Promise((resolve, reject) => {
      queued.push({ write, resolve, reject });
      if (queued.length === 1) setImmediateCallback(flush);
    });
  return {
    recordQuestion(event) {
      const text = storedQuestionText(event.question, storeQuestionText, event.insight?.terms);
      const { insight } = event;
      if (insight) return enqueue((database) => database.insights.recordQuestion({ ...event, insight }, text));
      return enqueue((database) =>
        database.insertQuestion.run(
          event.domain,
          event.at.getTime(),
          event.threadId,
          event.messageId,
          text,
          event.resultCount,
          event.notFound ? 1 : 0,
          event.outcome ?? 'answered',
        ),
      );
    },
    recordFeedback(event) {
      const comment = event.comment ? scrubSensitiveText(event.comment) : null;
      return enqueue((database) => {
        database.insertFeedback.run(
          event.domain,
          event.at.getTime(),
          event.threadId,
          event.messageId,
          event.fingerprint,
          event.rating,
          comment,
        );
        database.insights.rateQuestion(event.domain, event.messageId, event.rating);
      });
    },
    recordSearch(event) {
      const query = storedQuestionText(event.query, storeQuestionText);
      return enqueue((database) =>
        database.insertSearch.run(event.domain, event.at.getTime(), query, event.resultCount),
      );
    },
    async report(domain, from, to, limit = 20): Promise<QuestionsReport> {
      const range = [domain, from.getTime(), to.getTime()] as const;
      const questions = run((database) => database.selectQuestions.all(...range));
      const feedback = run((database) => database.selectFeedback.all(...range));
      const zeroResultQuestions = questions.filter((row) => row.result_count === 0).map((row) => row.question);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        questions: questions.length,
        topQuestions: countTexts(
          questions.map((row) => row.question),
          limit,
        ),
        notFoundQuestions: countTexts(
          questions.filter((row) => row.not_found === 1).map((row) => row.question),
          limit,
        ),
        feedback: {
          up: feedback.filter((row) => row.rating === 'up').length,
          down: feedback.filter((row) => row.rating === 'down').length,
          comments: feedback
            .filter((row) => row.comment)
            .slice(0, limit)
            .map((row) => ({
              messageId: row.message_id,
              rating: row.rating,
              comment: row.comment ?? '',
              at: new Date(row.at).toISOString(),
            })),
        },
        zeroResultSearches: countTexts(
          [...run((database) => database.selectSearches.all(...range)).map((row) => row.query), ...zeroResultQuestions],
          limit,
        ),
        answerFailures: countFailures(questions.map((row) => row.outcome)),
      };
    },
    async insights(query) {
      if (!insightsWorker) return run((database) => queryInsights(database.connection, query));
      run(() => undefined); // a closed store answers StoreUnavailableError, as for every other call
      return insightsWorker
        .query(query)
        .catch((error: Error) => Promise.reject(new StoreUnavailableError(`SQLite is unavailable: ${error.message}`)));
    },
    async deleteEventsBefore(before) {
      const deleteInBatches = async (batch: () => number): Promise<number> => {
        let deleted = 0;
        let changes: number;
        do {
          changes = run(batch);
          deleted += changes;
          await setImmediate();
        } while (changes === DELETE_BATCH);
        return deleted;
      };
      let deleted = 0;
      for (const statement of run((database) => database.deleteBefore))
        deleted += await deleteInBatches(() => statement.run(before.getTime(), DELETE_BATCH).changes);
      while (run((database) => database.insights.deleteOldestDayBefore(before.getTime())) > 0) await setImmediate();
      await deleteInBatches(() =>
        run((database) => database.insights.deleteGroupsUnusedSince(before.getTime(), DELETE_BATCH)),
      );
      return deleted;
    },
    async ping() {
      run((database) => database.probe.get());
    },
    async close() {
      if (queued.length > 0) flush();
      await insightsWorker?.close();
      open?.connection.close();
      open = undefined;
    },
  };
}

type AnalyticsDatabase = ReturnType<typeof openAnalyticsDatabase>;

/** Opens the database, creates the tables and prepares the statements. */
function openAnalyticsDatabase(file: string) {
  const connection = openSqlite(file);
  connection.exec(`
    CREATE TABLE IF NOT EXISTS analytics_questions (domain TEXT NOT NULL, at INTEGER NOT NULL, thread_id TEXT NOT NULL, message_id TEXT NOT NULL, question TEXT NOT NULL, result_count INTEGER NOT NULL, not_found INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS analytics_questions_domain_at ON analytics_questions (domain, at);
    CREATE TABLE IF NOT EXISTS analytics_feedback (domain TEXT NOT NULL, at INTEGER NOT NULL, thread_id TEXT NOT NULL, message_id TEXT NOT NULL, fp TEXT NOT NULL, rating TEXT NOT NULL, comment TEXT);
    CREATE INDEX IF NOT EXISTS analytics_feedback_domain_at ON analytics_feedback (domain, at);
    CREATE TABLE IF NOT EXISTS analytics_searches (domain TEXT NOT NULL, at INTEGER NOT NULL, query TEXT NOT NULL, result_count INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS analytics_searches_domain_at ON analytics_searches (domain, at);
    CREATE INDEX IF NOT EXISTS analytics_questions_at ON analytics_questions (at);
    CREATE INDEX IF NOT EXISTS analytics_feedback_at ON analytics_feedback (at);
    CREATE INDEX IF NOT EXISTS analytics_searches_at ON analytics_searches (at);
  `);
  if (!sqliteColumnNames(connection, 'analytics_questions').includes('outcome'))
    connection.exec("ALTER TABLE analytics_questions ADD COLUMN outcome TEXT NOT NULL DEFAULT 'answered'");
  migrateInsightsSchema(connection);
  return {
    connection,
    insights: createSqliteInsightsWriter(connection),
    insertQuestion: connection.prepare(
      'INSERT INTO analytics_questions (domain, at, thread_id, message_id, question, result_count, not_found, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertFeedback: connection.prepare('INSERT INTO analytics_feedback VALUES (?, ?, ?, ?, ?, ?, ?)'),
    insertSearch: connection.prepare('INSERT INTO analytics_searches VALUES (?, ?, ?, ?)'),
    selectQuestions: connection.prepare<
      [string, number, number],
      { question: string; result_count: number; not_found: number; outcome: string }
    >(
      'SELECT question, result_count, not_found, outcome FROM analytics_questions WHERE domain = ? AND at >= ? AND at < ?',
    ),
    selectFeedback: connection.prepare<
      [string, number, number],
      { at: number; message_id: string; rating: 'up' | 'down'; comment: string | null }
    >(
      'SELECT at, message_id, rating, comment FROM analytics_feedback WHERE domain = ? AND at >= ? AND at < ? ORDER BY at DESC, rowid DESC',
    ),
    selectSearches: connection.prepare<[string, number, number], { query: string }>(
      'SELECT query FROM analytics_searches WHERE domain = ? AND at >= ? AND at < ? AND result_count = 0',
    ),
    deleteBefore: ['analytics_questions', 'analytics_feedback', 'analytics_searches'].map((table) =>
      connection.prepare<[number, number]>(
        `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE at < ? LIMIT ?)`,
      ),
    ),
    probe: connection.prepare('SELECT 1'),
  };
}

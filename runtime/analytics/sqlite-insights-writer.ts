import { sqliteColumnNames, sqliteTransaction, type SqliteDatabase } from '../stores/sqlite-database.ts';
import { outcomeOf, type QuestionEvent, type QuestionInsight } from './analytics-store.ts';
import {
  COUNTER_METRICS,
  ratingChanges,
  recordedChanges,
  scopesOfQuestion,
  type CounterChanges,
  type QuestionCoordinates,
} from './insights-counters.ts';
import { CANDIDATES_PER_TERM, closestGroup, groupIdOf, lookupTerms, type GroupCandidate } from './question-groups.ts';
import { dayOf } from './store-insights.ts';

const DAY_MS = 86_400_000;

/** Columns insights add to `analytics_questions` (a database of an earlier release gets them on open; its rows keep them NULL). */
const QUESTION_COLUMNS: [string, string][] = [
  ['group_id', 'TEXT'],
  ['strength', 'REAL'],
  ['version', 'TEXT'],
  ['language', 'TEXT'],
  ['cited', 'TEXT'],
  ['rating', 'TEXT'],
];
const METRIC_COLUMNS = COUNTER_METRICS.map((metric) => `${metric} INTEGER NOT NULL`).join(', ');
const METRIC_UPDATES = COUNTER_METRICS.map((metric) => `${metric} = ${metric} + excluded.${metric}`).join(', ');
const METRIC_PARAMETERS = COUNTER_METRICS.map(() => '?').join(', ');

/**
 * Adds what insights need to an analytics database, idempotently: the columns above on each question (its group,
 * strength, version, language, cited pages and latest rating: what its feedback moves); the groups of
 * near-duplicates with the terms of the question that opened each, indexed by term; and the counters per scope and
 * UTC day (`insights-counters.ts`) of the days, the groups, the pages, and the groups' pages. Days are numbered
 * from 1970-01-01.
 */
export function migrateInsightsSchema(connection: SqliteDatabase): void {
  const columns = new Set(sqliteColumnNames(connection, 'analytics_questions'));
  for (const [name, type] of QUESTION_COLUMNS)
    if (!columns.has(name)) connection.exec(`ALTER TABLE analytics_questions ADD COLUMN ${name} ${type}`);
  connection.exec(`
    CREATE INDEX IF NOT EXISTS analytics_questions_message ON analytics_questions (message_id) WHERE group_id IS NOT NULL;
    CREATE TABLE IF NOT EXISTS analytics_groups (domain TEXT NOT NULL, group_id TEXT NOT NULL, terms TEXT NOT NULL, weights TEXT NOT NULL, representative TEXT NOT NULL, last_at INTEGER NOT NULL, PRIMARY KEY (domain, group_id)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS analytics_groups_last_at ON analytics_groups (last_at);
    CREATE TABLE IF NOT EXISTS analytics_group_terms (domain TEXT NOT NULL, term TEXT NOT NULL, group_id TEXT NOT NULL, PRIMARY KEY (domain, term, group_id)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS insights_days (domain TEXT NOT NULL, scope TEXT NOT NULL, day INTEGER NOT NULL, ${METRIC_COLUMNS}, PRIMARY KEY (domain, scope, day)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS insights_group_days (domain TEXT NOT NULL, scope TEXT NOT NULL, day INTEGER NOT NULL, group_id TEXT NOT NULL, ${METRIC_COLUMNS}, PRIMARY KEY (domain, scope, day, group_id)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS insights_group_pages (domain TEXT NOT NULL, scope TEXT NOT NULL, group_id TEXT NOT NULL, day INTEGER NOT NULL, page TEXT NOT NULL, citations INTEGER NOT NULL, PRIMARY KEY (domain, scope, group_id, day, page)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS insights_page_days (domain TEXT NOT NULL, scope TEXT NOT NULL, day INTEGER NOT NULL, page TEXT NOT NULL, citations INTEGER NOT NULL, up INTEGER NOT NULL, down INTEGER NOT NULL, PRIMARY KEY (domain, scope, day, page)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS insights_days_day ON insights_days (day);
    CREATE INDEX IF NOT EXISTS insights_group_days_day ON insights_group_days (day);
    CREATE INDEX IF NOT EXISTS insights_group_pages_day ON insights_group_pages (day);
    CREATE INDEX IF NOT EXISTS insights_page_days_day ON insights_page_days (day);
  `);
}

/** Writes the insights of questions and feedback in one SQLite database. */
export interface SqliteInsightsWriter {
  /** Assigns the question its group (joining the closest or opening one), writes it and adds to its counters; inside the caller's transaction. */
  recordQuestion(event: QuestionEvent & { insight: QuestionInsight }, storedText: string): void;
  /** Moves the counters of the question a feedback names to its rating (the latest rating counts); inside the caller's transaction. */
  rateQuestion(domain: string, messageId: string, rating: 'up' | 'down'): void;
  /** Deletes the counters of the oldest day that ended before `before` (ms), in a transaction; returns how many rows (0: no such day is left). */
  deleteOldestDayBefore(before: number): number;
  /** Deletes at most `limit` groups no question joined since `before` (ms), with their terms, in a transaction; returns how many. */
  deleteGroupsUnusedSince(before: number, limit: number): number;
}

interface RatedQuestion {
  at: number;
  group_id: string;
  /** How the answer ended, as `QuestionEvent.outcome` says (insights count it with `not_found` through `outcomeOf`). */
  outcome: string;
  not_found: number;
  strength: number;
  version: string;
  language: string;
  cited: string;
  rating: 'up' | 'down' | null;
}

/** Prepares the statements of the insights writes on a migrated database (`migrateInsightsSchema`). */
export function createSqliteInsightsWriter(connection: SqliteDatabase): SqliteInsightsWriter {
  const selectGroup = connection.prepare('SELECT group_id FROM analytics_groups WHERE domain = ? AND group_id = ?');
  const selectCandidates = connection.prepare(
    'SELECT g.group_id, g.terms, g.weights FROM analytics_group_terms t JOIN analytics_groups g ON g.domain = t.domain AND g.group_id = t.group_id WHERE t.domain = ? AND t.term = ? LIMIT ?',
  );
  const insertGroup = connection.prepare('INSERT OR IGNORE INTO analytics_groups VALUES (?, ?, ?, ?, ?, ?)');
  const insertGroupTerm = connection.prepare('INSERT OR IGNORE INTO analytics_group_terms VALUES (?, ?, ?)');
  const touchGroup = connection.prepare(
    'UPDATE analytics_groups SET last_at = max(last_at, ?) WHERE domain = ? AND group_id = ?',
  );
  const insertQuestion = connection.prepare(
    'INSERT INTO analytics_questions (domain, at, thread_id, message_id, question, result_count, not_found, group_id, outcome, strength, version, language, cited) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const selectRated = connection.prepare(
    'SELECT at, group_id, outcome, not_found, strength, version, language, cited, rating FROM analytics_questions WHERE message_id = ? AND domain = ? AND group_id IS NOT NULL',
  );
  const rate = connection.prepare(
    'UPDATE analytics_questions SET rating = ? WHERE message_id = ? AND domain = ? AND group_id IS NOT NULL',
  );
  const addDay = connection.prepare(
    `INSERT INTO insights_days VALUES (?, ?, ?, ${METRIC_PARAMETERS}) ON CONFLICT DO UPDATE SET ${METRIC_UPDATES}`,
  );
  const addGroupDay = connection.prepare(
    `INSERT INTO insights_group_days VALUES (?, ?, ?, ?, ${METRIC_PARAMETERS}) ON CONFLICT DO UPDATE SET ${METRIC_UPDATES}`,
  );
  const addGroupPage = connection.prepare(
    'INSERT INTO insights_group_pages VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET citations = citations + excluded.citations',
  );
  const addPageDay = connection.prepare(
    'INSERT INTO insights_page_days VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET citations = citations + excluded.citations, up = up + excluded.up, down = down + excluded.down',
  );
  const selectExpiredDay = connection.prepare('SELECT min(day) AS day FROM insights_days WHERE day < ?');
  const deleteDay = ['insights_days', 'insights_group_days', 'insights_group_pages', 'insights_page_days'].map(
    (table) => connection.prepare(`DELETE FROM ${table} WHERE day = ?`),
  );
  const selectStaleGroups = connection.prepare(
    'SELECT domain, group_id FROM analytics_groups WHERE last_at < ? LIMIT ?',
  );
  const deleteGroup = connection.prepare('DELETE FROM analytics_groups WHERE domain = ? AND group_id = ?');
  const deleteGroupTerms = connection.prepare('DELETE FROM analytics_group_terms WHERE domain = ? AND group_id = ?');

  const assignGroup = (domain: string, insight: QuestionInsight, representative: string, at: number): string => {
    const ownId = groupIdOf(insight.terms);
    if (selectGroup.get(domain, ownId) !== undefined) return ownId;
    const candidates = new Map<string, GroupCandidate>();
    for (const term of lookupTerms(insight)) {
      for (const row of selectCandidates.all(domain, term, CANDIDATES_PER_TERM) as {
        group_id: string;
        terms: string;
        weights: string;
      }[])
        candidates.set(row.group_id, {
          id: row.group_id,
          terms: JSON.parse(row.terms) as string[],
          weights: JSON.parse(row.weights) as number[],
        });
    }
    const joined = closestGroup(insight, candidates.values());
    if (joined) return joined.id;
    insertGroup.run(domain, ownId, JSON.stringify(insight.terms), JSON.stringify(insight.weights), representative, at);
    for (const term of insight.terms) insertGroupTerm.run(domain, term, ownId);
    return ownId;
  };

  /** Adds counter changes in each scope of a question: its day's, its group's, its pages' and its group's pages'. */
  const count = (
    domain: string,
    question: Pick<QuestionCoordinates, 'day' | 'group' | 'scopes' | 'cited'>,
    changes: CounterChanges,
  ): void => {
    const day = Date.parse(`${question.day}T00:00:00Z`) / DAY_MS;
    const metrics = COUNTER_METRICS.map((metric) =>
      changes.metrics.reduce((sum, [changed, delta]) => (changed === metric ? sum + delta : sum), 0),
    );
    const ratings = { up: 0, down: 0 };
    for (const [rating, delta] of changes.pageRatings) ratings[rating] += delta;
    for (const scope of question.scopes) {
      addDay.run(domain, scope, day, ...metrics);
      addGroupDay.run(domain, scope, day, question.group, ...metrics);
      for (const page of question.cited) {
        addPageDay.run(domain, scope, day, page, changes.citations, ratings.up, ratings.down);
        if (changes.citations) addGroupPage.run(domain, scope, question.group, day, page, changes.citations);
      }
    }
  };

  const recordQuestion = (event: QuestionEvent & { insight: QuestionInsight }, storedText: string): void => {
    const { insight, domain } = event;
    const at = event.at.getTime();
    const group = assignGroup(domain, insight, storedText, at);
    touchGroup.run(at, domain, group);
    const question: Omit<QuestionCoordinates, 'rating'> = {
      day: dayOf(at),
      group,
      scopes: scopesOfQuestion(insight.version, insight.language),
      cited: insight.cited,
      outcome: outcomeOf(event),
      strength: insight.strength,
    };
    insertQuestion.run(
      domain,
      at,
      event.threadId,
      event.messageId,
      storedText,
      event.resultCount,
      event.notFound ? 1 : 0,
      group,
      event.outcome ?? 'answered',
      insight.strength,
      insight.version ?? '',
      insight.language ?? '',
      JSON.stringify(insight.cited),
    );
    count(domain, question, recordedChanges(question));
  };

  const rateQuestion = (domain: string, messageId: string, rating: 'up' | 'down'): void => {
    const row = selectRated.get(messageId, domain) as RatedQuestion | undefined;
    if (!row) return;
    const question: QuestionCoordinates = {
      day: dayOf(row.at),
      group: row.group_id,
      scopes: scopesOfQuestion(row.version || undefined, row.language || undefined),
      cited: JSON.parse(row.cited) as string[],
      outcome: outcomeOf({ outcome: row.outcome, notFound: row.not_found === 1 }),
      strength: row.strength,
      rating: row.rating ?? '',
    };
    const changes = ratingChanges(question, rating);
    if (!changes) return;
    rate.run(rating, messageId, domain);
    count(domain, question, changes);
  };

  return {
    recordQuestion,
    rateQuestion,
    deleteOldestDayBefore: sqliteTransaction(connection, (before: number) => {
      const day = (selectExpiredDay.get(Math.floor(before / DAY_MS)) as { day: number | null } | undefined)?.day;
      return day === null || day === undefined
        ? 0
        : deleteDay.reduce((deleted, statement) => deleted + statement.run(day).changes, 0);
    }),
    deleteGroupsUnusedSince: sqliteTransaction(connection, (before: number, limit: number) => {
      const groups = selectStaleGroups.all(before, limit) as { domain: string; group_id: string }[];
      for (const group of groups) {
        deleteGroupTerms.run(group.domain, group.group_id);
        deleteGroup.run(group.domain, group.group_id);
      }
      return groups.length;
    }),
  };
}

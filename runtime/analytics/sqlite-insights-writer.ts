import type Database from 'better-sqlite3';
import { outcomeOf, type QuestionEvent, type QuestionInsight } from './analytics-store.ts';
import { CANDIDATES_PER_TERM, closestGroup, groupIdOf, lookupTerms, type GroupCandidate } from './question-groups.ts';

/** Columns insights add to `analytics_questions` (a database of an earlier release gets them on open; its rows keep them NULL). */
const QUESTION_COLUMNS: [string, string][] = [
  ['group_id', 'TEXT'],
  ['outcome', 'TEXT'],
  ['strength', 'REAL'],
  ['version', 'TEXT'],
  ['language', 'TEXT'],
  ['rating', 'TEXT'],
];

/**
 * Adds what insights need to an analytics database, idempotently: the columns above; the cited pages of each
 * question (`analytics_citations`); the groups of near-duplicate questions with the terms of the question that
 * opened each (`analytics_groups`) and an index of them by term (`analytics_group_terms`). The partial indexes cover
 * the insights queries (index-only range scans) and only hold questions recorded with an insight.
 */
export function migrateInsightsSchema(connection: Database.Database): void {
  const columns = new Set((connection.prepare('PRAGMA table_info(analytics_questions)').all() as { name: string }[]).map((column) => column.name));
  for (const [name, type] of QUESTION_COLUMNS) if (!columns.has(name)) connection.exec(`ALTER TABLE analytics_questions ADD COLUMN ${name} ${type}`);
  connection.exec(`
    CREATE INDEX IF NOT EXISTS analytics_questions_insights ON analytics_questions (domain, at, group_id, outcome, strength, rating, version, language) WHERE group_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS analytics_questions_message ON analytics_questions (message_id) WHERE group_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS analytics_questions_rated ON analytics_questions (domain, at) WHERE rating IS NOT NULL;
    CREATE TABLE IF NOT EXISTS analytics_citations (domain TEXT NOT NULL, at INTEGER NOT NULL, message_id TEXT NOT NULL, group_id TEXT NOT NULL, page TEXT NOT NULL, version TEXT NOT NULL, language TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS analytics_citations_domain_at ON analytics_citations (domain, at, page, version, language);
    CREATE INDEX IF NOT EXISTS analytics_citations_group ON analytics_citations (domain, group_id, at, page, version, language);
    CREATE INDEX IF NOT EXISTS analytics_citations_message ON analytics_citations (message_id);
    CREATE INDEX IF NOT EXISTS analytics_citations_at ON analytics_citations (at);
    CREATE TABLE IF NOT EXISTS analytics_groups (domain TEXT NOT NULL, group_id TEXT NOT NULL, terms TEXT NOT NULL, weights TEXT NOT NULL, representative TEXT NOT NULL, last_at INTEGER NOT NULL, PRIMARY KEY (domain, group_id)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS analytics_groups_last_at ON analytics_groups (last_at);
    CREATE TABLE IF NOT EXISTS analytics_group_terms (domain TEXT NOT NULL, term TEXT NOT NULL, group_id TEXT NOT NULL, PRIMARY KEY (domain, term, group_id)) WITHOUT ROWID;
  `);
}

/** Writes the insights of questions and feedback in one SQLite database. */
export interface SqliteInsightsWriter {
  /** Assigns the question its group (joining the closest or opening one) and writes it with its citations, in one transaction. */
  recordQuestion(event: QuestionEvent & { insight: QuestionInsight }, storedText: string): void;
  /** Sets the rating of the question a feedback names (the latest rating counts). */
  rateQuestion(domain: string, messageId: string, rating: 'up' | 'down'): void;
  /** Deletes at most `limit` citations recorded before `before` (ms); returns how many. */
  deleteCitationsBefore(before: number, limit: number): number;
  /** Deletes at most `limit` groups no question joined since `before` (ms), with their terms; returns how many. */
  deleteGroupsUnusedSince(before: number, limit: number): number;
}

/** Prepares the statements of the insights writes on a migrated database (`migrateInsightsSchema`). */
export function createSqliteInsightsWriter(connection: Database.Database): SqliteInsightsWriter {
  const selectGroup = connection.prepare<[string, string], { group_id: string }>('SELECT group_id FROM analytics_groups WHERE domain = ? AND group_id = ?');
  const selectCandidates = connection.prepare<[string, string, number], { group_id: string; terms: string; weights: string }>(
    'SELECT g.group_id, g.terms, g.weights FROM analytics_group_terms t JOIN analytics_groups g ON g.domain = t.domain AND g.group_id = t.group_id WHERE t.domain = ? AND t.term = ? LIMIT ?',
  );
  const insertGroup = connection.prepare('INSERT OR IGNORE INTO analytics_groups VALUES (?, ?, ?, ?, ?, ?)');
  const insertGroupTerm = connection.prepare('INSERT OR IGNORE INTO analytics_group_terms VALUES (?, ?, ?)');
  const touchGroup = connection.prepare('UPDATE analytics_groups SET last_at = max(last_at, ?) WHERE domain = ? AND group_id = ?');
  const insertQuestion = connection.prepare(
    'INSERT INTO analytics_questions (domain, at, thread_id, message_id, question, result_count, not_found, group_id, outcome, strength, version, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertCitation = connection.prepare('INSERT INTO analytics_citations VALUES (?, ?, ?, ?, ?, ?, ?)');
  const rate = connection.prepare('UPDATE analytics_questions SET rating = ? WHERE message_id = ? AND domain = ? AND group_id IS NOT NULL');
  const deleteCitations = connection.prepare<[number, number]>('DELETE FROM analytics_citations WHERE rowid IN (SELECT rowid FROM analytics_citations WHERE at < ? LIMIT ?)');
  const selectStaleGroups = connection.prepare<[number, number], { domain: string; group_id: string }>('SELECT domain, group_id FROM analytics_groups WHERE last_at < ? LIMIT ?');
  const deleteGroup = connection.prepare('DELETE FROM analytics_groups WHERE domain = ? AND group_id = ?');
  const deleteGroupTerms = connection.prepare('DELETE FROM analytics_group_terms WHERE domain = ? AND group_id = ?');

  const assignGroup = (domain: string, insight: QuestionInsight, representative: string, at: number): string => {
    const ownId = groupIdOf(insight.terms);
    if (selectGroup.get(domain, ownId)) return ownId;
    const candidates = new Map<string, GroupCandidate>();
    for (const term of lookupTerms(insight)) {
      for (const row of selectCandidates.all(domain, term, CANDIDATES_PER_TERM)) candidates.set(row.group_id, { id: row.group_id, terms: JSON.parse(row.terms) as string[], weights: JSON.parse(row.weights) as number[] });
    }
    const joined = closestGroup(insight, candidates.values());
    if (joined) return joined.id;
    insertGroup.run(domain, ownId, JSON.stringify(insight.terms), JSON.stringify(insight.weights), representative, at);
    for (const term of insight.terms) insertGroupTerm.run(domain, term, ownId);
    return ownId;
  };

  const recordQuestion = connection.transaction((event: QuestionEvent & { insight: QuestionInsight }, storedText: string) => {
    const { insight, domain } = event;
    const at = event.at.getTime();
    const groupId = assignGroup(domain, insight, storedText, at);
    touchGroup.run(at, domain, groupId);
    const version = insight.version ?? '';
    const language = insight.language ?? '';
    insertQuestion.run(domain, at, event.threadId, event.messageId, storedText, event.resultCount, event.notFound ? 1 : 0, groupId, outcomeOf(event), insight.strength, version, language);
    for (const page of insight.cited) insertCitation.run(domain, at, event.messageId, groupId, page, version, language);
  });

  return {
    recordQuestion: (event, storedText) => recordQuestion(event, storedText),
    rateQuestion(domain, messageId, rating) {
      rate.run(rating, messageId, domain);
    },
    deleteCitationsBefore: (before, limit) => deleteCitations.run(before, limit).changes,
    deleteGroupsUnusedSince: connection.transaction((before: number, limit: number) => {
      const groups = selectStaleGroups.all(before, limit);
      for (const group of groups) {
        deleteGroupTerms.run(group.domain, group.group_id);
        deleteGroup.run(group.domain, group.group_id);
      }
      return groups.length;
    }),
  };
}

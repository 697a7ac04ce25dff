import type Database from 'better-sqlite3';
import { rankGroups, rankPages } from './rank-insights.ts';
import { daysOf, noOutcomes, PAGES_PER_GROUP, rangeOf, WEAK_STRENGTH, type DayInsights, type GroupInsights, type InsightsComment, type InsightsQuery, type PageInsights, type StoreInsights } from './store-insights.ts';

const DAY_MS = 86_400_000;

/** The counts every aggregate selects: questions by outcome, weak answers, thumbs and gap questions (as `isGapQuestion` decides); `IS` keeps unrated rows at 0, never NULL. */
const COUNTS = `COUNT(*) AS questions, SUM(outcome IS 'answered') AS answered, SUM(outcome IS 'not_found') AS not_found, SUM(outcome IS 'failed') AS failed,
  SUM(outcome IS 'aborted') AS aborted, SUM(outcome IS 'answered' AND strength < ${WEAK_STRENGTH}) AS weak, SUM(rating IS 'up') AS up, SUM(rating IS 'down') AS down,
  SUM(outcome IN ('not_found', 'aborted') OR (outcome IS 'answered' AND strength < ${WEAK_STRENGTH}) OR rating IS 'down') AS gaps`;

interface CountsRow {
  questions: number;
  answered: number;
  not_found: number;
  failed: number;
  aborted: number;
  weak: number;
  up: number;
  down: number;
  gaps: number;
}

/**
 * Answers an insights query from a migrated analytics database (`migrateInsightsSchema`) with aggregate queries over
 * the covering indexes: SQLite counts, nothing but aggregates and the listed rows reach JavaScript. The groups asked
 * most and the groups with most gaps come from one pass over the range.
 */
export function queryInsights(connection: Database.Database, query: InsightsQuery): StoreInsights {
  const limit = query.limit ?? 20;
  const range = rangeOf(query);
  const scope = scopeOf(query);
  const questionsWhere = `domain = @domain AND at >= @from AND at < @to AND group_id IS NOT NULL${scope.sql}`;
  const parameters = { domain: query.domain, from: range.from, to: range.to, ...scope.parameters };

  const dayRows = connection.prepare<typeof parameters, CountsRow & { day: number }>(`SELECT at / ${DAY_MS} AS day, ${COUNTS} FROM analytics_questions WHERE ${questionsWhere} GROUP BY day`).all(parameters);
  const byDay = new Map(dayRows.map((row) => [new Date(row.day * DAY_MS).toISOString().slice(0, 10), row]));
  const days: DayInsights[] = daysOf(query).map((day) => {
    const row = byDay.get(day);
    return { day, ...outcomesOf(row), up: row?.up ?? 0, down: row?.down ?? 0 };
  });

  const groupRows = connection
    .prepare<typeof parameters & { limit: number }, CountsRow & { group_id: string; list: 'groups' | 'gaps' }>(
      `WITH counted AS MATERIALIZED (SELECT group_id, ${COUNTS} FROM analytics_questions WHERE ${questionsWhere} GROUP BY group_id)
       SELECT * FROM (SELECT 'groups' AS list, * FROM counted ORDER BY questions DESC, group_id DESC LIMIT @limit)
       UNION ALL SELECT * FROM (SELECT 'gaps' AS list, * FROM counted WHERE gaps > 0 ORDER BY gaps DESC, group_id DESC LIMIT @limit)`,
    )
    .all({ ...parameters, limit });
  const describe = groupDescriber(connection, parameters, scope.sql);
  const groupOf = (row: CountsRow & { group_id: string }): GroupInsights => ({
    ...describe(row.group_id),
    questions: row.questions,
    outcomes: outcomesOf(row),
    weak: row.weak,
    up: row.up,
    down: row.down,
    gaps: row.gaps,
  });

  const citedRows = connection.prepare<typeof parameters, { page: string; citations: number }>(`SELECT page, COUNT(*) AS citations FROM analytics_citations WHERE domain = @domain AND at >= @from AND at < @to${scope.sql} GROUP BY page`).all(parameters);
  const ratedRows = connection
    .prepare<typeof parameters, { page: string; up: number; down: number }>(
      `SELECT c.page, SUM(q.rating IS 'up') AS up, SUM(q.rating IS 'down') AS down FROM analytics_questions q JOIN analytics_citations c ON c.message_id = q.message_id AND c.domain = q.domain
       WHERE q.domain = @domain AND q.at >= @from AND q.at < @to AND q.rating IS NOT NULL AND q.group_id IS NOT NULL${scopeOf(query, 'q.').sql} GROUP BY c.page`,
    )
    .all(parameters);
  const rated = new Map(ratedRows.map((row) => [row.page, row]));
  const pages: PageInsights[] = citedRows.map((row) => ({ path: row.page, citations: row.citations, up: rated.get(row.page)?.up ?? 0, down: rated.get(row.page)?.down ?? 0 }));

  const comments = connection
    .prepare<typeof parameters & { limit: number }, { at: number; rating: 'up' | 'down'; comment: string; group_id: string; representative: string | null }>(
      `SELECT f.at, f.rating, f.comment, q.group_id, g.representative FROM analytics_feedback f
       JOIN analytics_questions q ON q.message_id = f.message_id AND q.domain = f.domain AND q.group_id IS NOT NULL
       LEFT JOIN analytics_groups g ON g.domain = q.domain AND g.group_id = q.group_id
       WHERE f.domain = @domain AND f.at >= @from AND f.at < @to AND f.comment IS NOT NULL${scopeOf(query, 'q.').sql} ORDER BY f.at DESC, f.rowid DESC LIMIT @limit`,
    )
    .all({ ...parameters, limit })
    .map((row): InsightsComment => ({ at: new Date(row.at).toISOString(), rating: row.rating, comment: row.comment, groupId: row.group_id, question: row.representative ?? '' }));

  const totals = days.reduce(
    (sum, day) => ({ ...sum, answered: sum.answered + day.answered, notFound: sum.notFound + day.notFound, failed: sum.failed + day.failed, aborted: sum.aborted + day.aborted, up: sum.up + day.up, down: sum.down + day.down }),
    { questions: 0, weak: 0, gaps: 0, up: 0, down: 0, ...noOutcomes() },
  );
  for (const row of dayRows) {
    totals.questions += row.questions;
    totals.weak += row.weak;
    totals.gaps += row.gaps;
  }
  return {
    from: query.from,
    to: query.to,
    totals,
    days,
    groups: rankGroups(groupRows.filter((row) => row.list === 'groups').map(groupOf), 'questions', limit),
    gaps: rankGroups(groupRows.filter((row) => row.list === 'gaps').map(groupOf), 'gaps', limit),
    ...rankPages(pages, limit),
    comments,
  };
}

/** The SQL condition and parameters of the query's version and language (questions and citations carry both columns). */
function scopeOf(query: InsightsQuery, table = ''): { sql: string; parameters: { version?: string; language?: string } } {
  return {
    sql: `${query.version !== undefined ? ` AND ${table}version = @version` : ''}${query.language !== undefined ? ` AND ${table}language = @language` : ''}`,
    parameters: { ...(query.version !== undefined ? { version: query.version } : {}), ...(query.language !== undefined ? { language: query.language } : {}) },
  };
}

/** Reads a group's representative, terms and most cited pages in the range. */
function groupDescriber(connection: Database.Database, parameters: { domain: string; from: number; to: number }, scopeSql: string) {
  const selectGroup = connection.prepare<{ domain: string; group: string }, { representative: string; terms: string }>('SELECT representative, terms FROM analytics_groups WHERE domain = @domain AND group_id = @group');
  const selectPages = connection.prepare<typeof parameters & { group: string; pages: number }, { path: string; citations: number }>(
    `SELECT page AS path, COUNT(*) AS citations FROM analytics_citations WHERE domain = @domain AND group_id = @group AND at >= @from AND at < @to${scopeSql} GROUP BY page ORDER BY citations DESC, page ASC LIMIT @pages`,
  );
  return (group: string): Pick<GroupInsights, 'id' | 'representative' | 'terms' | 'pages'> => {
    const row = selectGroup.get({ domain: parameters.domain, group });
    return {
      id: group,
      representative: row?.representative ?? '',
      terms: row ? (JSON.parse(row.terms) as string[]) : [],
      pages: selectPages.all({ ...parameters, group, pages: PAGES_PER_GROUP }),
    };
  };
}

function outcomesOf(row: CountsRow | undefined): ReturnType<typeof noOutcomes> {
  return row ? { answered: row.answered, notFound: row.not_found, failed: row.failed, aborted: row.aborted } : noOutcomes();
}

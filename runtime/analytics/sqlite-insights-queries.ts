import type { SqliteDatabase } from '../stores/sqlite-database.ts';
import { COUNTER_METRICS, insightsTotals, scopeOf, type CounterMetric } from './insights-counters.ts';
import { rankGroups, rankPages } from './rank-insights.ts';
import {
  daysOf,
  PAGES_PER_GROUP,
  rangeOf,
  type DayInsights,
  type GroupInsights,
  type InsightsComment,
  type InsightsQuery,
  type OutcomeCounts,
  type StoreInsights,
} from './store-insights.ts';

const DAY_MS = 86_400_000;
const SUMS = COUNTER_METRICS.map((metric) => `SUM(${metric}) AS ${metric}`).join(', ');

type Counters = Record<CounterMetric, number>;

/**
 * Answers an insights query from the counters of a migrated analytics database (`migrateInsightsSchema`): sums of
 * the day rows of the range in the query's scope, so the work follows days, groups and pages, never the number of
 * questions. The groups asked most and the groups with most gaps come from one pass over the group days.
 */
export function queryInsights(connection: SqliteDatabase, query: InsightsQuery): StoreInsights {
  const limit = query.limit ?? 20;
  const range = rangeOf(query);
  // The rows of the range in the query's scope: `domain = ? AND scope = ? AND day BETWEEN ? AND ?`.
  const inRange = 'domain = ? AND scope = ? AND day BETWEEN ? AND ?';
  const scope = [
    query.domain,
    scopeOf(query.version, query.language),
    range.from / DAY_MS,
    range.to / DAY_MS - 1,
  ] as const;

  const dayRows = connection
    .prepare(`SELECT day, ${COUNTER_METRICS.join(', ')} FROM insights_days WHERE ${inRange}`)
    .all(...scope) as (Counters & { day: number })[];
  const byDay = new Map(dayRows.map((row) => [new Date(row.day * DAY_MS).toISOString().slice(0, 10), row]));
  const days: DayInsights[] = daysOf(query).map((day) => {
    const row = byDay.get(day);
    return { day, ...outcomesOf(row), up: row?.up ?? 0, down: row?.down ?? 0 };
  });
  const sum = (metric: CounterMetric): number => dayRows.reduce((total, row) => total + row[metric], 0);

  const groupRows = connection
    .prepare(
      `WITH counted AS MATERIALIZED (SELECT group_id, ${SUMS} FROM insights_group_days WHERE ${inRange} GROUP BY group_id)
       SELECT * FROM (SELECT 'groups' AS list, * FROM counted ORDER BY questions DESC, group_id DESC LIMIT ?)
       UNION ALL SELECT * FROM (SELECT 'gaps' AS list, * FROM counted WHERE gaps > 0 ORDER BY gaps DESC, group_id DESC LIMIT ?)`,
    )
    .all(...scope, limit, limit) as (Counters & { group_id: string; list: 'groups' | 'gaps' })[];
  const selectGroup = connection.prepare(
    'SELECT representative, terms FROM analytics_groups WHERE domain = ? AND group_id = ?',
  );
  const selectGroupPages = connection.prepare(
    `SELECT page AS path, SUM(citations) AS citations FROM insights_group_pages WHERE domain = ? AND scope = ? AND day BETWEEN ? AND ? AND group_id = ?
     GROUP BY page HAVING citations > 0 ORDER BY citations DESC, page ASC LIMIT ?`,
  );
  const groupOf = (row: Counters & { group_id: string }): GroupInsights => {
    const stored = selectGroup.get(query.domain, row.group_id) as { representative: string; terms: string } | undefined;
    return {
      id: row.group_id,
      representative: stored?.representative ?? '',
      terms: stored ? (JSON.parse(stored.terms) as string[]) : [],
      questions: row.questions,
      outcomes: outcomesOf(row),
      weak: row.weak,
      up: row.up,
      down: row.down,
      gaps: row.gaps,
      pages: (
        selectGroupPages.all(...scope, row.group_id, PAGES_PER_GROUP) as { path: string; citations: number }[]
      ).map(({ path, citations }) => ({ path, citations })),
    };
  };

  const pages = connection
    .prepare(
      `SELECT page AS path, SUM(citations) AS citations, SUM(up) AS up, SUM(down) AS down FROM insights_page_days WHERE ${inRange} GROUP BY page HAVING citations > 0`,
    )
    .all(...scope) as {
    path: string;
    citations: number;
    up: number;
    down: number;
  }[];

  const scopeFilters: [string, string][] = [];
  if (query.version !== undefined) scopeFilters.push(['q.version = ?', query.version]);
  if (query.language !== undefined) scopeFilters.push(['q.language = ?', query.language]);
  const comments = (
    connection
      .prepare(
        `SELECT f.at, f.rating, f.comment, q.group_id, g.representative FROM analytics_feedback f
         JOIN analytics_questions q ON q.message_id = f.message_id AND q.domain = f.domain AND q.group_id IS NOT NULL
         LEFT JOIN analytics_groups g ON g.domain = q.domain AND g.group_id = q.group_id
         WHERE f.domain = ? AND f.at >= ? AND f.at < ? AND f.comment IS NOT NULL${scopeFilters.map(([condition]) => ` AND ${condition}`).join('')} ORDER BY f.at DESC, f.rowid DESC LIMIT ?`,
      )
      .all(query.domain, range.from, range.to, ...scopeFilters.map(([, value]) => value), limit) as {
      at: number;
      rating: 'up' | 'down';
      comment: string;
      group_id: string;
      representative: string | null;
    }[]
  ).map((row): InsightsComment => ({
    at: new Date(row.at).toISOString(),
    rating: row.rating,
    comment: row.comment,
    groupId: row.group_id,
    question: row.representative ?? '',
  }));

  return {
    from: query.from,
    to: query.to,
    totals: insightsTotals(sum),
    days,
    groups: rankGroups(groupRows.filter((row) => row.list === 'groups').map(groupOf), 'questions', limit),
    gaps: rankGroups(groupRows.filter((row) => row.list === 'gaps').map(groupOf), 'gaps', limit),
    ...rankPages(pages, limit),
    comments,
  };
}

function outcomesOf(row: Counters | undefined): OutcomeCounts {
  return {
    answered: row?.answered ?? 0,
    notFound: row?.not_found ?? 0,
    failed: row?.failed ?? 0,
    aborted: row?.aborted ?? 0,
  };
}

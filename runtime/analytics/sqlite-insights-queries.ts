import type Database from 'better-sqlite3';
import { COUNTER_METRICS, scopeOf, type CounterMetric } from './insights-counters.ts';
import { rankGroups, rankPages } from './rank-insights.ts';
import { daysOf, PAGES_PER_GROUP, rangeOf, type DayInsights, type GroupInsights, type InsightsComment, type InsightsQuery, type OutcomeCounts, type StoreInsights } from './store-insights.ts';

const DAY_MS = 86_400_000;
const SUMS = COUNTER_METRICS.map((metric) => `SUM(${metric}) AS ${metric}`).join(', ');

type Counters = Record<CounterMetric, number>;

/**
 * Answers an insights query from the counters of a migrated analytics database (`migrateInsightsSchema`): sums of
 * the day rows of the range in the query's scope, so the work follows days, groups and pages, never the number of
 * questions. The groups asked most and the groups with most gaps come from one pass over the group days.
 */
export function queryInsights(connection: Database.Database, query: InsightsQuery): StoreInsights {
  const limit = query.limit ?? 20;
  const range = rangeOf(query);
  const parameters = { domain: query.domain, scope: scopeOf(query.version, query.language), first: range.from / DAY_MS, last: range.to / DAY_MS - 1 };
  const inRange = 'domain = @domain AND scope = @scope AND day BETWEEN @first AND @last';

  const dayRows = connection.prepare<typeof parameters, Counters & { day: number }>(`SELECT day, ${COUNTER_METRICS.join(', ')} FROM insights_days WHERE ${inRange}`).all(parameters);
  const byDay = new Map(dayRows.map((row) => [new Date(row.day * DAY_MS).toISOString().slice(0, 10), row]));
  const days: DayInsights[] = daysOf(query).map((day) => {
    const row = byDay.get(day);
    return { day, ...outcomesOf(row), up: row?.up ?? 0, down: row?.down ?? 0 };
  });
  const sum = (metric: CounterMetric): number => dayRows.reduce((total, row) => total + row[metric], 0);

  const groupRows = connection
    .prepare<typeof parameters & { limit: number }, Counters & { group_id: string; list: 'groups' | 'gaps' }>(
      `WITH counted AS MATERIALIZED (SELECT group_id, ${SUMS} FROM insights_group_days WHERE ${inRange} GROUP BY group_id)
       SELECT * FROM (SELECT 'groups' AS list, * FROM counted ORDER BY questions DESC, group_id DESC LIMIT @limit)
       UNION ALL SELECT * FROM (SELECT 'gaps' AS list, * FROM counted WHERE gaps > 0 ORDER BY gaps DESC, group_id DESC LIMIT @limit)`,
    )
    .all({ ...parameters, limit });
  const selectGroup = connection.prepare<{ domain: string; group: string }, { representative: string; terms: string }>('SELECT representative, terms FROM analytics_groups WHERE domain = @domain AND group_id = @group');
  const selectGroupPages = connection.prepare<typeof parameters & { group: string; pages: number }, { path: string; citations: number }>(
    `SELECT page AS path, SUM(citations) AS citations FROM insights_group_pages WHERE domain = @domain AND scope = @scope AND group_id = @group AND day BETWEEN @first AND @last
     GROUP BY page HAVING citations > 0 ORDER BY citations DESC, page ASC LIMIT @pages`,
  );
  const groupOf = (row: Counters & { group_id: string }): GroupInsights => {
    const stored = selectGroup.get({ domain: query.domain, group: row.group_id });
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
      pages: selectGroupPages.all({ ...parameters, group: row.group_id, pages: PAGES_PER_GROUP }),
    };
  };

  const pages = connection
    .prepare<typeof parameters, { path: string; citations: number; up: number; down: number }>(`SELECT page AS path, SUM(citations) AS citations, SUM(up) AS up, SUM(down) AS down FROM insights_page_days WHERE ${inRange} GROUP BY page HAVING citations > 0`)
    .all(parameters);

  const scopeSql = `${query.version !== undefined ? ' AND q.version = @version' : ''}${query.language !== undefined ? ' AND q.language = @language' : ''}`;
  const comments = connection
    .prepare<{ domain: string; from: number; to: number; limit: number; version?: string; language?: string }, { at: number; rating: 'up' | 'down'; comment: string; group_id: string; representative: string | null }>(
      `SELECT f.at, f.rating, f.comment, q.group_id, g.representative FROM analytics_feedback f
       JOIN analytics_questions q ON q.message_id = f.message_id AND q.domain = f.domain AND q.group_id IS NOT NULL
       LEFT JOIN analytics_groups g ON g.domain = q.domain AND g.group_id = q.group_id
       WHERE f.domain = @domain AND f.at >= @from AND f.at < @to AND f.comment IS NOT NULL${scopeSql} ORDER BY f.at DESC, f.rowid DESC LIMIT @limit`,
    )
    .all({ domain: query.domain, ...range, limit, ...(query.version !== undefined ? { version: query.version } : {}), ...(query.language !== undefined ? { language: query.language } : {}) })
    .map((row): InsightsComment => ({ at: new Date(row.at).toISOString(), rating: row.rating, comment: row.comment, groupId: row.group_id, question: row.representative ?? '' }));

  return {
    from: query.from,
    to: query.to,
    totals: { questions: sum('questions'), weak: sum('weak'), gaps: sum('gaps'), up: sum('up'), down: sum('down'), answered: sum('answered'), notFound: sum('not_found'), failed: sum('failed'), aborted: sum('aborted') },
    days,
    groups: rankGroups(groupRows.filter((row) => row.list === 'groups').map(groupOf), 'questions', limit),
    gaps: rankGroups(groupRows.filter((row) => row.list === 'gaps').map(groupOf), 'gaps', limit),
    ...rankPages(pages, limit),
    comments,
  };
}

function outcomesOf(row: Counters | undefined): OutcomeCounts {
  return { answered: row?.answered ?? 0, notFound: row?.not_found ?? 0, failed: row?.failed ?? 0, aborted: row?.aborted ?? 0 };
}

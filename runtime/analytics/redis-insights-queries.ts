import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { withRedis } from '../stores/open-redis.ts';
import { rankGroups, rankPages } from './rank-insights.ts';
import { COUNTER_METRICS, insightsTotals, scopeOf } from './insights-counters.ts';
import { insightsKeys, type InsightsKeys } from './redis-insights-keys.ts';
import type { StoredGroup } from './redis-insights-writer.ts';
import {
  daysOf,
  noOutcomes,
  PAGES_PER_GROUP,
  rangeOf,
  type DayInsights,
  type GroupInsights,
  type InsightsComment,
  type InsightsQuery,
  type PageInsights,
  type StoreInsights,
} from './store-insights.ts';

/** Comments read per round while looking for the latest ones of a scope. */
const COMMENTS_PER_ROUND = 200;
/** Seconds a query's scratch keys live if the query dies before deleting them. */
const SCRATCH_TTL_SECONDS = 60;

type Counters = Record<string, number>;

/**
 * Answers an insights query from the Redis counters (`insightsKeys`): one HMGET per day, ZUNIONSTORE of the days'
 * rankings and page sets into scratch keys (Redis adds them up), then the counters of the listed groups per day. The
 * work follows the days and the groups listed, never the number of questions.
 */
export function queryRedisInsights(redis: Redis, keyPrefix: string, query: InsightsQuery): Promise<StoreInsights> {
  return withRedis(async () => {
    const limit = query.limit ?? 20;
    const keys = insightsKeys(keyPrefix, query.domain);
    const scope = scopeOf(query.version, query.language);
    const days = daysOf(query);

    const scratch = (name: string): string => keys.scratch(`${randomBytes(6).toString('hex')}:${name}`);
    const union = {
      questions: scratch('questions'),
      gaps: scratch('gaps'),
      pages: scratch('pages'),
      up: scratch('up'),
      down: scratch('down'),
    };
    const reading = redis.multi();
    for (const day of days) reading.hmget(keys.day(day), ...COUNTER_METRICS.map((metric) => `${scope}|${metric}`));
    reading
      .zunionstore(union.questions, days.length, ...days.map((day) => keys.rank(day, scope, 'questions')))
      .zunionstore(union.gaps, days.length, ...days.map((day) => keys.rank(day, scope, 'gaps')))
      .zunionstore(union.pages, days.length, ...days.map((day) => keys.pages(day, scope)))
      .zunionstore(union.up, days.length, ...days.map((day) => keys.ratedPages(day, scope, 'up')))
      .zunionstore(union.down, days.length, ...days.map((day) => keys.ratedPages(day, scope, 'down')))
      .zrevrangebyscore(union.questions, '+inf', 1, 'WITHSCORES', 'LIMIT', 0, limit)
      .zrevrangebyscore(union.gaps, '+inf', 1, 'WITHSCORES', 'LIMIT', 0, limit)
      .zrange(union.pages, 0, -1, 'WITHSCORES')
      .zrange(union.up, 0, -1, 'WITHSCORES')
      .zrange(union.down, 0, -1, 'WITHSCORES');
    for (const key of Object.values(union)) reading.expire(key, SCRATCH_TTL_SECONDS);
    reading.del(...Object.values(union));
    const results = ((await reading.exec()) ?? []).map(([error, value]) => {
      if (error) throw error;
      return value;
    });
    const dayValues = results.slice(0, days.length) as (string | null)[][];
    const [topIds, gapIds, cited, up, down] = results
      .slice(days.length + 5, days.length + 10)
      .map((value) => scores(value as string[]));

    const dayCounters = dayValues.map((values): Counters =>
      Object.fromEntries(COUNTER_METRICS.map((metric, index) => [metric, Number(values?.[index] ?? 0)])),
    );
    const daysInsights: DayInsights[] = days.map((day, position) => {
      const counters = dayCounters[position] as Counters;
      return { day, ...outcomesOf(counters), up: counters.up ?? 0, down: counters.down ?? 0 };
    });
    const sum = (metric: (typeof COUNTER_METRICS)[number]): number =>
      dayCounters.reduce((total, counters) => total + (counters[metric] ?? 0), 0);
    const totals = insightsTotals(sum);

    const listed = [...new Set([...(topIds as Map<string, number>).keys(), ...(gapIds as Map<string, number>).keys()])];
    const groups = await describeGroups(redis, keys, days, scope, listed);
    const pages: PageInsights[] = [...(cited as Map<string, number>)].map(([path, citations]) => ({
      path,
      citations,
      up: Math.max(0, up?.get(path) ?? 0),
      down: Math.max(0, down?.get(path) ?? 0),
    }));
    return {
      from: query.from,
      to: query.to,
      totals,
      days: daysInsights,
      groups: rankGroups(
        groups.filter((group) => topIds?.has(group.id)),
        'questions',
        limit,
      ),
      gaps: rankGroups(
        groups.filter((group) => gapIds?.has(group.id)),
        'gaps',
        limit,
      ),
      ...rankPages(pages, limit),
      comments: await latestComments(redis, keys, query, scope, limit),
    };
  });
}

/** Members and scores of a WITHSCORES reply. */
function scores(reply: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (let index = 0; index + 1 < reply.length; index += 2) map.set(reply[index] as string, Number(reply[index + 1]));
  return map;
}

/** The listed groups' counters summed over the days, with their stored terms and representative and their most cited pages. */
async function describeGroups(
  redis: Redis,
  keys: InsightsKeys,
  days: string[],
  scope: string,
  ids: string[],
): Promise<GroupInsights[]> {
  if (ids.length === 0) return [];
  const reading = redis.pipeline().hmget(keys.groups, ...ids);
  for (const id of ids) for (const day of days) reading.hgetall(keys.groupDay(day, scope, id));
  const results = ((await reading.exec()) ?? []).map(([error, value]) => {
    if (error) throw error;
    return value;
  });
  const stored = results[0] as (string | null)[];
  return ids.map((id, position) => {
    const counters: Counters = {};
    const pages = new Map<string, number>();
    for (let day = 0; day < days.length; day += 1) {
      for (const [field, value] of Object.entries(
        results[1 + position * days.length + day] as Record<string, string>,
      )) {
        if (field.startsWith('p|')) pages.set(field.slice(2), (pages.get(field.slice(2)) ?? 0) + Number(value));
        else counters[field] = (counters[field] ?? 0) + Number(value);
      }
    }
    const group = stored[position] ? (JSON.parse(stored[position] as string) as StoredGroup) : undefined;
    return {
      id,
      representative: group?.representative ?? '',
      terms: group?.terms ?? [],
      questions: counters.questions ?? 0,
      outcomes: outcomesOf(counters),
      weak: counters.weak ?? 0,
      up: counters.up ?? 0,
      down: counters.down ?? 0,
      gaps: counters.gaps ?? 0,
      pages: [...pages]
        .filter(([, citations]) => citations > 0)
        .sort(([leftPath, left], [rightPath, right]) => right - left || (leftPath < rightPath ? -1 : 1))
        .slice(0, PAGES_PER_GROUP)
        .map(([path, citations]) => ({ path, citations })),
    };
  });
}

/** The latest comments of the range in the scope, newest first, with the representative of their question's group. */
async function latestComments(
  redis: Redis,
  keys: InsightsKeys,
  query: InsightsQuery,
  scope: string,
  limit: number,
): Promise<InsightsComment[]> {
  const range = rangeOf(query);
  const found: { at: number; rating: 'up' | 'down'; comment: string; group: string }[] = [];
  for (let offset = 0; found.length < limit; offset += COMMENTS_PER_ROUND) {
    const members = await redis.zrevrangebyscore(
      keys.comments,
      `(${range.to}`,
      range.from,
      'LIMIT',
      offset,
      COMMENTS_PER_ROUND,
    );
    for (const member of members) {
      const comment = JSON.parse(member) as {
        at: number;
        rating: 'up' | 'down';
        comment: string;
        group: string;
        scopes: string[];
      };
      if (comment.scopes.includes(scope) && found.length < limit) found.push(comment);
    }
    if (members.length < COMMENTS_PER_ROUND) break;
  }
  const groups = found.length > 0 ? await redis.hmget(keys.groups, ...found.map((comment) => comment.group)) : [];
  return found.map((comment, position) => ({
    at: new Date(comment.at).toISOString(),
    rating: comment.rating,
    comment: comment.comment,
    groupId: comment.group,
    question: groups[position] ? (JSON.parse(groups[position] as string) as StoredGroup).representative : '',
  }));
}

function outcomesOf(counters: Counters): ReturnType<typeof noOutcomes> {
  return {
    answered: counters.answered ?? 0,
    notFound: counters.not_found ?? 0,
    failed: counters.failed ?? 0,
    aborted: counters.aborted ?? 0,
  };
}

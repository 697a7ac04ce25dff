import type { Redis } from 'ioredis';
import { withRedis } from '../stores/open-redis.ts';
import { insightsKeys } from './redis-insights-keys.ts';
import type { StoredGroup } from './redis-insights-writer.ts';

const DAY_MS = 86_400_000;
/** Groups swept per round, so a large backlog never holds Redis for long. */
const GROUPS_PER_ROUND = 500;

/**
 * The retention sweep of the insights of every domain (`domainsKey`): the counters of each UTC day that ended
 * before `before`, the comments before it, and the groups no question joined since (with their term index).
 */
export function deleteRedisInsightsBefore(
  redis: Redis,
  keyPrefix: string,
  domainsKey: string,
  before: Date,
): Promise<void> {
  return withRedis(async () => {
    for (const domain of await redis.smembers(domainsKey)) {
      const keys = insightsKeys(keyPrefix, domain);
      for (const day of await redis.zrangebyscore(keys.days, '-inf', before.getTime() - DAY_MS)) {
        const [groups, scopes] = await Promise.all([
          redis.smembers(keys.dayGroups(day)),
          redis.smembers(keys.dayScopes(day)),
        ]);
        const dayKeys = [
          keys.day(day),
          keys.dayGroups(day),
          keys.dayScopes(day),
          ...scopes.flatMap((scope) => [
            keys.rank(day, scope, 'questions'),
            keys.rank(day, scope, 'gaps'),
            keys.pages(day, scope),
            keys.ratedPages(day, scope, 'up'),
            keys.ratedPages(day, scope, 'down'),
            ...groups.map((group) => keys.groupDay(day, scope, group)),
          ]),
        ];
        for (let start = 0; start < dayKeys.length; start += GROUPS_PER_ROUND)
          await redis.unlink(...dayKeys.slice(start, start + GROUPS_PER_ROUND));
        await redis.zrem(keys.days, day);
      }
      await redis.zremrangebyscore(keys.comments, '-inf', `(${before.getTime()}`);
      for (;;) {
        const stale = await redis.zrangebyscore(
          keys.groupsLastJoined,
          '-inf',
          `(${before.getTime()}`,
          'LIMIT',
          0,
          GROUPS_PER_ROUND,
        );
        if (stale.length === 0) break;
        const stored = await redis.hmget(keys.groups, ...stale);
        const removal = redis.multi();
        stale.forEach((group, position) => {
          for (const term of stored[position] ? (JSON.parse(stored[position] as string) as StoredGroup).terms : [])
            removal.zrem(keys.term(term), group);
        });
        await removal
          .hdel(keys.groups, ...stale)
          .zrem(keys.groupsLastJoined, ...stale)
          .exec();
      }
      if ((await redis.exists(keys.days, keys.groups)) === 0) await redis.srem(domainsKey, domain);
    }
  });
}

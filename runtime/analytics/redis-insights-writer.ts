import type { Redis } from 'ioredis';
import { withRedis } from '../stores/open-redis.ts';
import { outcomeOf, type FeedbackEvent, type QuestionEvent, type QuestionInsight } from './analytics-store.ts';
import {
  ratingChanges,
  recordedChanges,
  scopesOfQuestion,
  type CounterChanges,
  type QuestionCoordinates,
} from './insights-counters.ts';
import { CANDIDATES_PER_TERM, closestGroup, groupIdOf, lookupTerms, type GroupCandidate } from './question-groups.ts';
import { FEEDBACK_WINDOW_MS, insightsKeys, type InsightsKeys } from './redis-insights-keys.ts';
import { dayOf } from './store-insights.ts';

/** A stored group (`groups` hash value). */
export interface StoredGroup {
  terms: string[];
  weights: number[];
  representative: string;
}

/** One change of a counter: a hash field (`h`) or a sorted set member (`z`) of `key`, by `delta`. */
type CounterChange = ['h' | 'z', string, string, number];

/**
 * Applies counter changes when the rating of a question is still the one its changes were computed from (a
 * compare-and-set: two thumbs at once are counted once each, never from the same previous rating); -1 when the
 * question is unknown or past its feedback window, 0 when its rating changed meanwhile (the caller retries).
 */
const RATE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if (redis.call('HGET', KEYS[1], 'rating') or '') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'rating', ARGV[2])
for i = 3, #ARGV, 4 do
  local key = KEYS[tonumber(ARGV[i + 1])]
  if ARGV[i] == 'h' then redis.call('HINCRBY', key, ARGV[i + 2], ARGV[i + 3]) else redis.call('ZINCRBY', key, ARGV[i + 3], ARGV[i + 2]) end
end
return 1
`;

/** Writes the insights of questions and feedback into Redis counters (`insightsKeys`). */
export interface RedisInsightsWriter {
  /** Assigns the question its group (joining the closest or opening one) and counts it, in one transaction. */
  recordQuestion(event: QuestionEvent & { insight: QuestionInsight }, storedText: string): Promise<void>;
  /** Moves the counters of the question a feedback names to its rating, and keeps its comment. */
  recordFeedback(event: FeedbackEvent, comment: string | undefined): Promise<void>;
}

/** The insights writer of a Redis analytics store; `domainsKey` names the set of domains with insights (for the retention sweep). */
export function createRedisInsightsWriter(redis: Redis, keyPrefix: string, domainsKey: string): RedisInsightsWriter {
  const assignGroup = async (
    keys: InsightsKeys,
    insight: QuestionInsight,
    representative: string,
    at: number,
  ): Promise<string> => {
    const ownId = groupIdOf(insight.terms);
    if (await redis.hexists(keys.groups, ownId)) return ownId;
    const lookup = redis.pipeline();
    for (const term of lookupTerms(insight)) lookup.zrevrange(keys.term(term), 0, CANDIDATES_PER_TERM - 1);
    const ids = [
      ...new Set(((await lookup.exec()) ?? []).flatMap(([error, members]) => (error ? [] : (members as string[])))),
    ];
    const stored = ids.length > 0 ? await redis.hmget(keys.groups, ...ids) : [];
    const candidates: GroupCandidate[] = ids.flatMap((id, position) => {
      const value = stored[position];
      return value ? [{ id, ...(JSON.parse(value) as StoredGroup) }] : [];
    });
    const joined = closestGroup(insight, candidates);
    if (joined) return joined.id;
    const open = redis
      .multi()
      .hsetnx(
        keys.groups,
        ownId,
        JSON.stringify({ terms: insight.terms, weights: insight.weights, representative } satisfies StoredGroup),
      );
    for (const term of insight.terms) open.zadd(keys.term(term), 'NX', at, ownId);
    await open.exec();
    return ownId;
  };

  return {
    recordQuestion: (event, storedText) =>
      withRedis(async () => {
        const keys = insightsKeys(keyPrefix, event.domain);
        const { insight } = event;
        const at = event.at.getTime();
        const group = await assignGroup(keys, insight, storedText, at);
        const question: QuestionCoordinates = {
          day: dayOf(at),
          group,
          scopes: scopesOfQuestion(insight.version, insight.language),
          cited: insight.cited,
          outcome: outcomeOf(event),
          strength: insight.strength,
          rating: '',
        };
        await redis.sadd(domainsKey, event.domain);
        const transaction = redis
          .multi()
          .zadd(keys.groupsLastJoined, at, group)
          .zadd(keys.days, Date.parse(`${question.day}T00:00:00Z`), question.day)
          .sadd(keys.dayGroups(question.day), group);
        for (const scope of question.scopes) transaction.sadd(keys.dayScopes(question.day), scope);
        for (const [kind, key, field, delta] of counterCommands(keys, question, recordedChanges(question))) {
          if (kind === 'h') transaction.hincrby(key, field, delta);
          else transaction.zincrby(key, delta, field);
        }
        const { rating, ...coordinates } = question;
        transaction
          .hset(keys.message(event.messageId), { rating, data: JSON.stringify(coordinates) })
          .pexpire(keys.message(event.messageId), FEEDBACK_WINDOW_MS);
        await transaction.exec();
      }),
    recordFeedback: (event, comment) =>
      withRedis(async () => {
        const keys = insightsKeys(keyPrefix, event.domain);
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const [rating, data] = await redis.hmget(keys.message(event.messageId), 'rating', 'data');
          if (!data) return;
          const question: QuestionCoordinates = {
            ...(JSON.parse(data) as Omit<QuestionCoordinates, 'rating'>),
            rating: (rating ?? '') as QuestionCoordinates['rating'],
          };
          const changes = ratingChanges(question, event.rating);
          if (!changes) break;
          const commands = counterCommands(keys, question, changes);
          const counterKeys = [...new Set(commands.map(([, key]) => key))];
          const argv = [
            question.rating,
            event.rating,
            ...commands.flatMap(([kind, key, field, delta]) => [
              kind,
              String(counterKeys.indexOf(key) + 2),
              field,
              String(delta),
            ]),
          ];
          const applied = (await redis.eval(
            RATE_SCRIPT,
            counterKeys.length + 1,
            keys.message(event.messageId),
            ...counterKeys,
            ...argv,
          )) as number;
          if (applied === -1) return;
          if (applied === 1) break;
        }
        if (!comment) return;
        const data = await redis.hget(keys.message(event.messageId), 'data');
        const { group, scopes } = data ? (JSON.parse(data) as QuestionCoordinates) : { group: undefined, scopes: [] };
        if (group)
          await redis.zadd(
            keys.comments,
            event.at.getTime(),
            JSON.stringify({
              at: event.at.getTime(),
              rating: event.rating,
              comment,
              group,
              scopes,
              message: event.messageId,
            }),
          );
      }),
  };
}

/** The Redis commands of counter changes in each scope of a question: its day's and group's hashes, the rankings, its pages. */
function counterCommands(keys: InsightsKeys, question: QuestionCoordinates, changes: CounterChanges): CounterChange[] {
  const commands: CounterChange[] = [];
  for (const scope of question.scopes) {
    for (const [metric, delta] of changes.metrics) {
      commands.push(
        ['h', keys.day(question.day), `${scope}|${metric}`, delta],
        ['h', keys.groupDay(question.day, scope, question.group), metric, delta],
      );
      if (metric === 'questions' || metric === 'gaps')
        commands.push(['z', keys.rank(question.day, scope, metric), question.group, delta]);
    }
    for (const page of question.cited) {
      if (changes.citations)
        commands.push(
          ['h', keys.groupDay(question.day, scope, question.group), `p|${page}`, changes.citations],
          ['z', keys.pages(question.day, scope), page, changes.citations],
        );
      for (const [rating, delta] of changes.pageRatings)
        commands.push(['z', keys.ratedPages(question.day, scope, rating), page, delta]);
    }
  }
  return commands;
}

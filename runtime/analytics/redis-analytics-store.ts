import { openRedis, withRedis } from '../stores/open-redis.ts';
import {
  countFailures,
  countTexts,
  storedQuestionText,
  type AnalyticsStore,
  type AnalyticsStoreOptions,
  type FeedbackEvent,
  type QuestionsReport,
} from './analytics-store.ts';
import { queryRedisInsights } from './redis-insights-queries.ts';
import { deleteRedisInsightsBefore } from './redis-insights-sweep.ts';
import { createRedisInsightsWriter } from './redis-insights-writer.ts';
import { scrubSensitiveText } from './scrub-sensitive-text.ts';

/** A question event: text, result count, not found, and how its answer ended when it did not complete. */
type StoredQuestion = { q: string; r: number; n: boolean; o?: string };
type StoredFeedback = { m: string; r: FeedbackEvent['rating']; c?: string; at: number };

/**
 * Analytics in Redis (several replicas): one sorted set per domain and kind, scored by time, members are JSON
 * events with a unique suffix; a report reads the range and counts in the process. The names of those sets are
 * kept in the set `<keyPrefix>keys`, so a retention sweep trims each by time (ZREMRANGEBYSCORE) without a SCAN;
 * every command touches one key, so the store runs on Redis Cluster. Questions recorded with an insight are also
 * counted per day, group and page for insights (`createRedisInsightsWriter`, keys in one slot per domain).
 */
export function createRedisAnalyticsStore(
  url: string,
  keyPrefix = 'docsmith:analytics:',
  options: AnalyticsStoreOptions = {},
): AnalyticsStore {
  const redis = openRedis(url);
  const registry = `${keyPrefix}keys`;
  const insightsDomains = `${keyPrefix}insights-domains`;
  const storeQuestionText = options.storeQuestionText ?? false;
  const insights = createRedisInsightsWriter(redis, keyPrefix, insightsDomains);
  let sequence = 0;
  const add = (kind: string, domain: string, at: Date, event: object): Promise<void> =>
    withRedis(async () => {
      const key = `${keyPrefix}${kind}:${domain}`;
      sequence = (sequence + 1) % 1_000_000;
      await redis.sadd(registry, key);
      await redis.zadd(key, at.getTime(), `${JSON.stringify(event)}\n${process.pid}.${Date.now()}.${sequence}`);
    });
  const range = async <T>(kind: string, domain: string, from: Date, to: Date): Promise<T[]> => {
    const members = await withRedis(() =>
      redis.zrangebyscore(`${keyPrefix}${kind}:${domain}`, from.getTime(), `(${to.getTime()}`),
    );
    return members.map((member) => JSON.parse(member.slice(0, member.lastIndexOf('\n'))) as T);
  };
  return {
    async recordQuestion(event) {
      const text = storedQuestionText(event.question, storeQuestionText, event.insight?.terms);
      await add('questions', event.domain, event.at, {
        q: text,
        r: event.resultCount,
        n: event.notFound,
        ...(event.outcome && event.outcome !== 'answered' ? { o: event.outcome } : {}),
      } satisfies StoredQuestion);
      const { insight } = event;
      if (insight) await insights.recordQuestion({ ...event, insight }, text);
    },
    async recordFeedback(event) {
      const comment = event.comment ? scrubSensitiveText(event.comment) : undefined;
      await add('feedback', event.domain, event.at, {
        m: event.messageId,
        r: event.rating,
        ...(comment ? { c: comment } : {}),
        at: event.at.getTime(),
      } satisfies StoredFeedback);
      await insights.recordFeedback(event, comment);
    },
    recordSearch: (event) =>
      event.resultCount === 0
        ? add('zero-searches', event.domain, event.at, { q: storedQuestionText(event.query, storeQuestionText) })
        : Promise.resolve(),
    async report(domain, from, to, limit = 20): Promise<QuestionsReport> {
      const [questions, feedback, searches] = await Promise.all([
        range<StoredQuestion>('questions', domain, from, to),
        range<StoredFeedback>('feedback', domain, from, to),
        range<{ q: string }>('zero-searches', domain, from, to),
      ]);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        questions: questions.length,
        topQuestions: countTexts(
          questions.map((event) => event.q),
          limit,
        ),
        notFoundQuestions: countTexts(
          questions.filter((event) => event.n).map((event) => event.q),
          limit,
        ),
        feedback: {
          up: feedback.filter((event) => event.r === 'up').length,
          down: feedback.filter((event) => event.r === 'down').length,
          comments: feedback
            .filter((event) => event.c)
            .sort((left, right) => right.at - left.at)
            .slice(0, limit)
            .map((event) => ({
              messageId: event.m,
              rating: event.r,
              comment: event.c ?? '',
              at: new Date(event.at).toISOString(),
            })),
        },
        zeroResultSearches: countTexts(
          [...searches.map((event) => event.q), ...questions.filter((event) => event.r === 0).map((event) => event.q)],
          limit,
        ),
        answerFailures: countFailures(questions.map((event) => event.o)),
      };
    },
    insights: (query) => queryRedisInsights(redis, keyPrefix, query),
    async deleteEventsBefore(before) {
      const keys = await withRedis(() => redis.smembers(registry));
      let deleted = 0;
      for (const key of keys) {
        deleted += await withRedis(() => redis.zremrangebyscore(key, '-inf', `(${before.getTime()}`));
        if ((await withRedis(() => redis.exists(key))) === 0) await withRedis(() => redis.srem(registry, key));
      }
      await deleteRedisInsightsBefore(redis, keyPrefix, insightsDomains, before);
      return deleted;
    },
    async ping() {
      await withRedis(() => redis.ping());
    },
    async close() {
      redis.disconnect();
    },
  };
}

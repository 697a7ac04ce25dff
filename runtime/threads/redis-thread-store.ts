import { openRedis, withRedis } from '../stores/open-redis.ts';
import { createLegacyThreadMigration } from './legacy-thread-keys.ts';
import {
  DEFAULT_THREAD_PAGE,
  decodeThreadCursor,
  encodeThreadCursor,
  isThreadId,
  newThreadId,
  type StoredMessage,
  type Thread,
  type ThreadStore,
  type ThreadStoreOptions,
} from './thread-store.ts';

/**
 * Threads in Redis, shared by every replica: a hash per thread and a list of its messages (`<prefix>:thread:{<id>}`
 * and `…:messages`: the hash tag keeps both in one Redis Cluster slot, so their transactions never fail with
 * CROSSSLOT), a sorted set per owner (score: last update in ms) and one sorted set of all threads by last update
 * (for retention). The indexes live in other slots and are written by commands of their own, in an order that
 * a failure between them cannot harm: on append the retention index first (a thread is always swept in the end)
 * and the owner index last (a listing never shows a half-written thread); on delete the retention index last (a
 * sweep cut short is redone). Keys start
 * with `keyPrefix` (default `docsmith`); threads under the names of earlier releases are renamed
 * (`legacy-thread-keys.ts`).
 */
export function createRedisThreadStore(
  url: string,
  options: ThreadStoreOptions & { keyPrefix?: string } = {},
): ThreadStore {
  const PREFIX = `${options.keyPrefix ?? 'docsmith'}:thread`;
  /** Every thread id by last update (ms), for retention; members are `<threadId>|<domain>|<fp>`. */
  const UPDATED_KEY = `${options.keyPrefix ?? 'docsmith'}:threads:updated`;
  const maxMessages = options.maxMessagesPerThread ?? 200;
  const maxListed = options.maxListedMessages ?? 50;
  const client = openRedis(url, options.storeTimeoutMs ? { commandTimeoutMs: options.storeTimeoutMs } : {});
  const threadKey = (threadId: string): string => `${PREFIX}:{${threadId}}`;
  const messagesKey = (threadId: string): string => `${PREFIX}:{${threadId}}:messages`;
  const ownerKey = (domain: string, fingerprint: string): string => `${PREFIX}s:${domain}:${fingerprint}`;
  const legacy = createLegacyThreadMigration(client, {
    threadKey,
    messagesKey,
    legacyThreadKey: (threadId) => `${PREFIX}:${threadId}`,
    legacyMessagesKey: (threadId) => `${PREFIX}:${threadId}:messages`,
    updatedKey: UPDATED_KEY,
    layoutKey: `${options.keyPrefix ?? 'docsmith'}:threads:layout`,
  });
  const readThread = async (threadId: string, domain: string, fingerprint: string): Promise<Thread> => {
    await legacy.migrate(threadId);
    const [info, messages, total] = await withRedis(() =>
      Promise.all([
        client.hgetall(threadKey(threadId)),
        client.lrange(messagesKey(threadId), -maxListed, -1),
        client.llen(messagesKey(threadId)),
      ]),
    );
    const omitted = Number(info.omitted ?? 0) + total - messages.length;
    return {
      threadId,
      domain,
      fp: fingerprint,
      createdAt: info.createdAt ?? '',
      updatedAt: info.updatedAt ?? '',
      messages: messages.map((message) => JSON.parse(message) as StoredMessage),
      ...(omitted > 0 ? { omittedMessages: omitted } : {}),
    };
  };
  return {
    async resolveThread({ domain, fingerprint, threadId }) {
      if (threadId && isThreadId(threadId)) {
        await legacy.migrate(threadId);
        const owner = await withRedis(() => client.hmget(threadKey(threadId), 'domain', 'fp'));
        if (owner[0] === domain && owner[1] === fingerprint) return { threadId, isNew: false };
      }
      return { threadId: newThreadId(), isNew: true };
    },
    async appendMessage({ threadId, domain, fingerprint, message }) {
      const now = new Date();
      await legacy.migrate(threadId);
      const owner = await withRedis(() => client.hmget(threadKey(threadId), 'domain', 'fp'));
      if (owner[0] !== null && (owner[0] !== domain || owner[1] !== fingerprint)) return;
      const stored: StoredMessage = { ...message, createdAt: now.toISOString() };
      await withRedis(() => client.zadd(UPDATED_KEY, now.getTime(), `${threadId}|${domain}|${fingerprint}`));
      const replies = await withRedis(() =>
        client
          .multi()
          .hsetnx(threadKey(threadId), 'createdAt', stored.createdAt)
          .hset(threadKey(threadId), 'domain', domain, 'fp', fingerprint, 'updatedAt', stored.createdAt)
          .rpush(messagesKey(threadId), JSON.stringify(stored))
          .exec(),
      );
      await withRedis(() => client.zadd(ownerKey(domain, fingerprint), now.getTime(), threadId));
      const length = Number(replies?.[2]?.[1] ?? 0);
      if (length > maxMessages) {
        await withRedis(() =>
          client
            .multi()
            .ltrim(messagesKey(threadId), length - maxMessages, -1)
            .hincrby(threadKey(threadId), 'omitted', length - maxMessages)
            .exec(),
        );
      }
    },
    async recentMessages({ threadId, domain, fingerprint }, count) {
      await legacy.migrate(threadId);
      const owner = await withRedis(() => client.hmget(threadKey(threadId), 'domain', 'fp'));
      if (owner[0] !== domain || owner[1] !== fingerprint) return [];
      const messages = await withRedis(() => client.lrange(messagesKey(threadId), -count, -1));
      return messages.map((message) => JSON.parse(message) as StoredMessage);
    },
    async listThreads(domain, fingerprint, page = {}) {
      const limit = page.limit ?? DEFAULT_THREAD_PAGE;
      const after = decodeThreadCursor(page.cursor);
      const key = ownerKey(domain, fingerprint);
      let remaining: string[];
      if (after) {
        // Threads updated in the same millisecond come in descending id order: the page goes on below the cursor's id.
        const score = Date.parse(after.updatedAt);
        const [ties, older] = await withRedis(() =>
          Promise.all([
            client.zrevrangebyscore(key, score, score),
            client.zrevrangebyscore(key, `(${score}`, '-inf', 'LIMIT', 0, limit + 1),
          ]),
        );
        remaining = [...ties.filter((threadId) => threadId < after.threadId), ...older].slice(0, limit + 1);
      } else {
        remaining = await withRedis(() => client.zrevrangebyscore(key, '+inf', '-inf', 'LIMIT', 0, limit + 1));
      }
      const shown = remaining.slice(0, limit);
      const threads = await Promise.all(shown.map((threadId) => readThread(threadId, domain, fingerprint)));
      const last = threads.at(-1);
      return {
        threads,
        ...(remaining.length > limit && last ? { nextCursor: encodeThreadCursor(last.updatedAt, last.threadId) } : {}),
      };
    },
    async deleteThreadsBefore(before) {
      const expired = await withRedis(() => client.zrangebyscore(UPDATED_KEY, '-inf', `(${before.getTime()}`));
      for (const member of expired) {
        const [threadId = '', domain = '', fingerprint = ''] = member.split('|');
        await legacy.migrate(threadId);
        await withRedis(() => client.del(threadKey(threadId), messagesKey(threadId)));
        await withRedis(() => client.zrem(ownerKey(domain, fingerprint), threadId));
        await withRedis(() => client.zrem(UPDATED_KEY, member));
      }
      return expired.length;
    },
    async problem() {
      return client.status === 'ready' ? undefined : `Redis is not connected (${client.status})`;
    },
    async close() {
      client.disconnect();
    },
  };
}

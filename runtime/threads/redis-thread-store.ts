import { openRedis, withRedis } from '../stores/open-redis.ts';
import { isThreadId, newThreadId, type StoredMessage, type Thread, type ThreadStore } from './thread-store.ts';

const PREFIX = 'docsmith:thread';

/** Threads in Redis, shared by every replica: a hash per thread, a list of its messages, a sorted set per owner. */
export function createRedisThreadStore(url: string): ThreadStore {
  const client = openRedis(url);
  const threadKey = (threadId: string): string => `${PREFIX}:${threadId}`;
  const messagesKey = (threadId: string): string => `${PREFIX}:${threadId}:messages`;
  const ownerKey = (domain: string, fp: string): string => `${PREFIX}s:${domain}:${fp}`;
  return {
    async resolveThread({ domain, fp, threadId }) {
      if (threadId && isThreadId(threadId)) {
        const owner = await withRedis(() => client.hmget(threadKey(threadId), 'domain', 'fp'));
        if (owner[0] === domain && owner[1] === fp) return { threadId, isNew: false };
      }
      return { threadId: newThreadId(), isNew: true };
    },
    async appendExchange(exchange) {
      const now = new Date().toISOString();
      const owner = await withRedis(() => client.hmget(threadKey(exchange.threadId), 'domain', 'fp'));
      if (owner[0] !== null && (owner[0] !== exchange.domain || owner[1] !== exchange.fp)) return;
      const user: StoredMessage = { id: exchange.userMessage.id, role: 'user', text: exchange.userMessage.text, sources: [], createdAt: now };
      const assistant: StoredMessage = { id: exchange.assistantMessage.id, role: 'assistant', text: exchange.assistantMessage.text, sources: exchange.assistantMessage.sources, createdAt: now };
      await withRedis(() =>
        client
          .multi()
          .hsetnx(threadKey(exchange.threadId), 'createdAt', now)
          .hset(threadKey(exchange.threadId), 'domain', exchange.domain, 'fp', exchange.fp, 'updatedAt', now)
          .rpush(messagesKey(exchange.threadId), JSON.stringify(user), JSON.stringify(assistant))
          .zadd(ownerKey(exchange.domain, exchange.fp), Date.parse(now), exchange.threadId)
          .exec(),
      );
    },
    async listThreads(domain, fp) {
      const ids = await withRedis(() => client.zrevrange(ownerKey(domain, fp), 0, 99));
      const threads: Thread[] = [];
      for (const threadId of ids) {
        const [info, messages] = await withRedis(() => Promise.all([client.hgetall(threadKey(threadId)), client.lrange(messagesKey(threadId), 0, -1)]));
        threads.push({
          threadId,
          domain,
          fp,
          createdAt: info.createdAt ?? '',
          updatedAt: info.updatedAt ?? '',
          messages: messages.map((message) => JSON.parse(message) as StoredMessage),
        });
      }
      return threads;
    },
    async close() {
      client.disconnect();
    },
  };
}

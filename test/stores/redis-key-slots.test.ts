import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { LIMIT_KEY_PREFIX } from '../../runtime/limits/create-limiter.ts';
import { createRedisLimitTake } from '../../runtime/limits/redis-limit-take.ts';
import { createRedisThreadStore } from '../../runtime/threads/redis-thread-store.ts';
import { newThreadId } from '../../runtime/threads/thread-store.ts';
import { redisClusterSlot, redisCrc16 } from '../helpers/redis-cluster-slot.ts';
import { hasRedis, redisTestUrl } from '../helpers/test-prerequisites.ts';

const redisUrl = hasRedis('thread key slots on redis') ? redisTestUrl : undefined;
const uniquePrefix = (): string => `test-slots-${Math.random().toString(36).slice(2)}`;

/** A Redis stand-in that records the keys of each limit script call and answers "allowed". */
function recordingClient(calls: string[][]): Redis {
  return {
    defineCommand: () => undefined,
    docsmithTakeLimits: async (numberOfKeys: number, ...keysAndArgs: (string | number)[]) => {
      calls.push(keysAndArgs.slice(0, numberOfKeys).map(String));
      return [1, ...Array.from({ length: numberOfKeys }, () => [1, 1000]).flat()];
    },
    disconnect: () => undefined,
  } as unknown as Redis;
}

describe('Redis keys of one multi-key command share a cluster slot', () => {
  it('computes slots as Redis Cluster does', () => {
    expect(redisCrc16('123456789')).toBe(0x31c3);
    expect(redisClusterSlot('{user1000}.following')).toBe(redisClusterSlot('{user1000}.followers'));
    expect(redisClusterSlot('foo{}{bar}')).toBe(redisClusterSlot('foo{}{bar}'));
    expect(redisClusterSlot('foo{}{bar}')).not.toBe(redisClusterSlot('bar'));
  });

  it('puts the key, organization and IP counters of a limit take in one slot', async () => {
    const calls: string[][] = [];
    const take = createRedisLimitTake(recordingClient(calls), LIMIT_KEY_PREFIX);
    await take.take([
      { key: 'key:k1:2026-11', limit: 10, secondsLeft: 60 },
      { key: 'org:acme:2026-11-23T17', limit: 10, secondsLeft: 60 },
      { key: 'ip:203.0.113.9:2026-11-23', limit: 10, secondsLeft: 60 },
    ]);
    const keys = calls[0] ?? [];
    expect(keys).toHaveLength(3);
    expect(new Set(keys.map(redisClusterSlot)).size).toBe(1);
  });
});

describe.skipIf(!redisUrl)('Redis thread keys (skipped: REDIS_TEST_URL is not set)', () => {
  it('keeps the hash and the message list of a thread in one slot, so their transactions run on a cluster', async () => {
    const prefix = uniquePrefix();
    const store = createRedisThreadStore(redisUrl as string, { keyPrefix: prefix, maxMessagesPerThread: 2 });
    const inspector = new Redis(redisUrl as string);
    try {
      const { threadId } = await store.resolveThread({ domain: 'acme', fingerprint: 'fp' });
      for (const id of ['q1', 'a1', 'q2'])
        await store.appendMessage({
          threadId,
          domain: 'acme',
          fingerprint: 'fp',
          message: { id, role: id.startsWith('q') ? 'user' : 'assistant', text: id, sources: [] },
        });
      const keys = await inspector.keys(`${prefix}:thread:*`);
      expect(keys).toHaveLength(2);
      expect(new Set(keys.map(redisClusterSlot)).size).toBe(1);
      const [listed] = (await store.listThreads('acme', 'fp')).threads;
      expect(listed?.messages.map((message) => message.id)).toEqual(['a1', 'q2']);
      expect(await store.deleteThreadsBefore(new Date(Date.now() + 1000))).toBe(1);
      expect(await inspector.keys(`${prefix}:*`)).toEqual([`${prefix}:threads:layout`]);
    } finally {
      await store.close();
      inspector.disconnect();
    }
  });

  it('moves threads written under the names of earlier releases, on first touch and in the background', async () => {
    const prefix = uniquePrefix();
    const inspector = new Redis(redisUrl as string);
    const at = Date.parse('2026-11-01T10:00:00Z');
    const legacy = [newThreadId(), newThreadId()];
    for (const threadId of legacy) {
      await inspector.hset(
        `${prefix}:thread:${threadId}`,
        'createdAt',
        new Date(at).toISOString(),
        'updatedAt',
        new Date(at).toISOString(),
        'domain',
        'acme',
        'fp',
        'fp',
      );
      await inspector.rpush(
        `${prefix}:thread:${threadId}:messages`,
        JSON.stringify({
          id: 'old',
          role: 'user',
          text: 'old question',
          sources: [],
          createdAt: new Date(at).toISOString(),
        }),
      );
      await inspector.zadd(`${prefix}:threads:acme:fp`, at, threadId);
      await inspector.zadd(`${prefix}:threads:updated`, at, `${threadId}|acme|fp`);
    }
    const store = createRedisThreadStore(redisUrl as string, { keyPrefix: prefix });
    try {
      const [first = ''] = legacy;
      expect(await store.resolveThread({ domain: 'acme', fingerprint: 'fp', threadId: first })).toEqual({
        threadId: first,
        isNew: false,
      });
      await store.appendMessage({
        threadId: first,
        domain: 'acme',
        fingerprint: 'fp',
        message: { id: 'new', role: 'assistant', text: 'answer', sources: [] },
      });
      const threads = (await store.listThreads('acme', 'fp')).threads;
      expect(threads.map((thread) => [thread.threadId, thread.messages.map((message) => message.id)])).toEqual([
        [first, ['old', 'new']],
        [legacy[1], ['old']],
      ]);
      await expect.poll(() => inspector.get(`${prefix}:threads:layout`)).toBe('2');
      expect((await inspector.keys(`${prefix}:thread:*`)).filter((key) => !key.includes('{'))).toEqual([]);
    } finally {
      await store.close();
      await inspector.del(...(await inspector.keys(`${prefix}:*`)));
      inspector.disconnect();
    }
  });
});

import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { LIMIT_KEY_PREFIX } from '../../runtime/limits/create-limiter.ts';
import { createRedisLimitTake } from '../../runtime/limits/redis-limit-take.ts';
import { redisClusterSlot, redisCrc16 } from '../helpers/redis-cluster-slot.ts';

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

import type { Redis, Result } from 'ioredis';
import { withRedis } from '../stores/open-redis.ts';
import type { CounterState, LimitTake } from './limit-take.ts';

/**
 * Checks every counter, then counts the request in all of them, inside Redis (a script runs atomically):
 * KEYS are the counters, ARGV their limits then their window lengths in ms. Returns {0, index, count, pttl}
 * for the first counter at its limit (nothing written), else {1, count1, pttl1, count2, pttl2, …}.
 */
const TAKE_SCRIPT = `
local n = #KEYS
for i = 1, n do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[i]) then
    return {0, i - 1, count, redis.call('PTTL', KEYS[i])}
  end
end
local result = {1}
for i = 1, n do
  local count = redis.call('INCR', KEYS[i])
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[i], ARGV[n + i])
    ttl = tonumber(ARGV[n + i])
  end
  result[#result + 1] = count
  result[#result + 1] = ttl
end
return result
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    docsmithTakeLimits(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Result<number[], Context>;
  }
}

/**
 * All-or-nothing takes on Redis counters shared by every replica, as one Lua script. rate-limiter-flexible
 * counts one key per call, so taking three limits with it means take-then-refund: between the two, other
 * replicas see the refused request in the counters and may be refused for it. The script has no such window.
 * Counter keys are `<prefix><key>` holding an integer with a TTL, as rate-limiter-flexible's Redis store keeps them
 * (it names a counter `<keyPrefix>:<key>` and touches one key per command, so it needs no hash tag). A script's
 * keys must share one Redis Cluster slot (else CROSSSLOT): `prefix` carries a hash tag, e.g. `docsmith:{limit}:`.
 */
export function createRedisLimitTake(client: Redis, prefix: string): LimitTake {
  client.defineCommand('docsmithTakeLimits', { lua: TAKE_SCRIPT });
  return {
    async take(slots) {
      const reply = await withRedis(() =>
        client.docsmithTakeLimits(
          slots.length,
          ...slots.map((slot) => `${prefix}${slot.key}`),
          ...slots.map((slot) => slot.limit),
          ...slots.map((slot) => slot.secondsLeft * 1000),
        ),
      );
      if (reply[0] === 0)
        return {
          allowed: false,
          refusedIndex: Number(reply[1]),
          consumed: Number(reply[2]),
          msLeft: Math.max(0, Number(reply[3])),
        };
      const counters: CounterState[] = slots.map((_, index) => ({
        consumed: Number(reply[1 + index * 2]),
        msLeft: Number(reply[2 + index * 2]),
      }));
      return { allowed: true, counters };
    },
    async close() {
      client.disconnect();
    },
  };
}

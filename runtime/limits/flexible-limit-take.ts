import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { DEFAULT_STORE_TIMEOUT_MS, retryWhileBusy } from '../stores/retry-while-busy.ts';
import type { CounterState, LimitTake } from './limit-take.ts';

/**
 * All-or-nothing takes on rate-limiter-flexible counters that one process owns (in memory). Takes run one
 * at a time: each reads every counter (`get`), refuses without writing when one is at its limit, else consumes
 * one point from each. Nothing else touches the counters between the read and the writes, so a refused request
 * never counts and never makes another request see a count it did not cause. A store failure after some
 * counters were taken gives those points back (`reward`). A take that cannot reach the store within
 * `storeTimeoutMs` (default 2000, waiting in line included) fails with StoreUnavailableError.
 */
export function createFlexibleLimitTake(limiters: RateLimiterAbstract[], close: () => Promise<void>, storeTimeoutMs = DEFAULT_STORE_TIMEOUT_MS): LimitTake {
  let queue: Promise<unknown> = Promise.resolve();
  const run = async (slots: Parameters<LimitTake['take']>[0]) => {
    const current = await Promise.all(slots.map((slot, index) => limiterAt(limiters, index).get(slot.key)));
    for (const [index, slot] of slots.entries()) {
      const consumed = current[index]?.consumedPoints ?? 0;
      if (consumed >= slot.limit) return { allowed: false as const, refusedIndex: index, consumed, msLeft: current[index]?.msBeforeNext ?? slot.secondsLeft * 1000 };
    }
    const counters: CounterState[] = [];
    const taken: number[] = [];
    try {
      for (const [index, slot] of slots.entries()) {
        const result: RateLimiterRes = await limiterAt(limiters, index).consume(slot.key, 1, { customDuration: slot.secondsLeft });
        taken.push(index);
        counters.push({ consumed: result.consumedPoints, msLeft: result.msBeforeNext });
      }
    } catch (error) {
      await Promise.allSettled(taken.map((index) => limiterAt(limiters, index).reward(slots[index]?.key ?? '', 1, { customDuration: slots[index]?.secondsLeft ?? 1 })));
      throw error;
    }
    return { allowed: true as const, counters };
  };
  return {
    take(slots) {
      const deadline = Date.now() + storeTimeoutMs;
      const outcome = queue.then(() => retryWhileBusy('rate limit store', () => run(slots), deadline - Date.now()));
      queue = outcome.catch(() => undefined);
      return outcome;
    },
    close,
  };
}

function limiterAt(limiters: RateLimiterAbstract[], index: number): RateLimiterAbstract {
  const limiter = limiters[index];
  if (!limiter) throw new Error(`no limiter for counter ${index}`);
  return limiter;
}

import { COUNTER_SWEEP_INTERVAL_MS, type CounterState, type LimitTake } from './limit-take.ts';

interface Counter {
  consumed: number;
  /** Epoch ms when the counter's window ends. */
  expiresAt: number;
}

/**
 * All-or-nothing takes on counters this process keeps in memory, one map per slot (`counterCount` of them): a take
 * reads every counter, refuses without counting when one is at its limit, else counts the request in all of them —
 * synchronously, so concurrent takes never interleave. A counter starts with its first request and ends with its
 * window; expired counters are dropped every five minutes. Counts are lost with the process.
 */
export function createMemoryLimitTake(counterCount: number): LimitTake {
  const maps = Array.from({ length: counterCount }, () => new Map<string, Counter>());
  const mapAt = (index: number): Map<string, Counter> => {
    const map = maps[index];
    if (!map) throw new Error(`no counter map for slot ${index}`);
    return map;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const map of maps) for (const [key, counter] of map) if (counter.expiresAt <= now) map.delete(key);
  }, COUNTER_SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    async take(slots) {
      const now = Date.now();
      const live = slots.map((slot, index) => {
        const counter = mapAt(index).get(slot.key);
        return counter && counter.expiresAt > now ? counter : undefined;
      });
      for (const [index, slot] of slots.entries()) {
        const counter = live[index];
        if ((counter?.consumed ?? 0) >= slot.limit)
          return {
            allowed: false,
            refusedIndex: index,
            consumed: counter?.consumed ?? 0,
            msLeft: counter ? counter.expiresAt - now : slot.secondsLeft * 1000,
          };
      }
      const counters = slots.map((slot, index): CounterState => {
        let counter = live[index];
        if (!counter) mapAt(index).set(slot.key, (counter = { consumed: 0, expiresAt: now + slot.secondsLeft * 1000 }));
        counter.consumed += 1;
        return { consumed: counter.consumed, msLeft: counter.expiresAt - now };
      });
      return { allowed: true, counters };
    },
    async close() {
      clearInterval(sweep);
      for (const map of maps) map.clear();
    },
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLimitTake } from '../../runtime/limits/memory-limit-take.ts';

describe('limits in memory', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a window from its first request and starts a new one when it ends', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 10, 0, 0) });
    const take = createMemoryLimitTake(2);
    const slots = [
      { key: 'key:a:2026-11', limit: 5, secondsLeft: 60 },
      { key: 'org:x:2026-11-24T10', limit: 2, secondsLeft: 2 },
    ];
    expect(await take.take(slots)).toEqual({
      allowed: true,
      counters: [
        { consumed: 1, msLeft: 60_000 },
        { consumed: 1, msLeft: 2000 },
      ],
    });
    vi.advanceTimersByTime(500);
    expect(await take.take(slots)).toEqual({
      allowed: true,
      counters: [
        { consumed: 2, msLeft: 59_500 },
        { consumed: 2, msLeft: 1500 },
      ],
    });
    expect(await take.take(slots)).toEqual({ allowed: false, refusedIndex: 1, consumed: 2, msLeft: 1500 });
    vi.advanceTimersByTime(1500);
    expect(await take.take(slots)).toEqual({
      allowed: true,
      counters: [
        { consumed: 3, msLeft: 58_000 },
        { consumed: 1, msLeft: 2000 },
      ],
    });
    await take.close();
  });
});

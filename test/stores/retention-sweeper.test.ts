import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRetentionSweeper } from '../../runtime/stores/retention-sweeper.ts';

describe('retention sweeper', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps at start and on its interval with the retention cut-off, survives a failing sweep, and stops', async () => {
    const cutoffs: number[] = [];
    const swept: number[] = [];
    const failures: unknown[] = [];
    let calls = 0;
    const sweeper = startRetentionSweeper({
      retentionMs: 60_000,
      intervalMs: 20,
      sweep: async (before) => {
        calls += 1;
        cutoffs.push(Date.now() - before.getTime());
        if (calls === 2) throw new Error('store down');
        return calls === 1 ? 3 : 0;
      },
      onSwept: (count) => swept.push(count),
      onError: (error) => failures.push(error),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(40);
    expect(calls).toBe(3);
    sweeper.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(3);
    expect(cutoffs).toEqual([60_000, 60_000, 60_000]);
    expect(swept).toEqual([3]);
    expect(failures).toEqual([new Error('store down')]);
    expect(await sweeper.runOnce()).toBe(0);
  });

  it('reports nothing of the sweep in flight when stopped, which the closing store fails', async () => {
    const failures: unknown[] = [];
    let closeStore = (): void => {};
    const sweeper = startRetentionSweeper({
      retentionMs: 60_000,
      sweep: () => new Promise((_resolve, reject) => (closeStore = () => reject(new Error('store closed')))),
      onError: (error) => failures.push(error),
    });
    sweeper.stop();
    closeStore();
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toEqual([]);
  });

  it('sweeps every hour by default, or as often as the retention when shorter (at least every second)', async () => {
    const sweepsIn = async (retentionMs: number, elapsedMs: number): Promise<number> => {
      let calls = 0;
      const sweeper = startRetentionSweeper({ retentionMs, sweep: async () => ((calls += 1), 0) });
      await vi.advanceTimersByTimeAsync(elapsedMs);
      sweeper.stop();
      return calls;
    };
    expect(await sweepsIn(30 * 86_400_000, 2 * 3_600_000)).toBe(3);
    expect(await sweepsIn(60_000, 120_000)).toBe(3);
    expect(await sweepsIn(10, 2000)).toBe(3);
  });
});

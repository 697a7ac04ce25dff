import { describe, expect, it } from 'vitest';
import { startRetentionSweeper } from '../../runtime/stores/retention-sweeper.ts';

describe('retention sweeper', () => {
  it('sweeps at start and on its interval with the retention cut-off, and survives a failing sweep', async () => {
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
    await new Promise((resolve) => setTimeout(resolve, 90));
    sweeper.stop();
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(cutoffs.every((age) => age >= 60_000 && age < 61_000)).toBe(true);
    expect(swept).toEqual([3]);
    expect(failures).toHaveLength(1);
    expect(await sweeper.runOnce()).toBe(0);
  });
});

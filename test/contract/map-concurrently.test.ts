import { describe, expect, it } from 'vitest';
import { mapConcurrently } from '../../contract/map-concurrently.ts';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapConcurrently', () => {
  it("keeps the items' order whatever order the tasks finish in, with at most `limit` running", async () => {
    let running = 0;
    let most = 0;
    const results = await mapConcurrently([30, 5, 20, 1, 10, 2], 3, async (delay, index) => {
      most = Math.max(most, ++running);
      await pause(delay);
      running -= 1;
      return `${index}:${delay}`;
    });
    expect(results).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10', '5:2']);
    expect(most).toBe(3);
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
  });

  it("rejects with the first error in the items' order once every started task has settled", async () => {
    const finished: number[] = [];
    const failing = mapConcurrently([40, 1, 5, 20], 4, async (delay, index) => {
      await pause(delay);
      finished.push(index);
      if (index === 1 || index === 3) throw new Error(`task ${index}`);
      return index;
    });
    await expect(failing).rejects.toThrow('task 1');
    expect(finished.sort()).toEqual([0, 1, 2, 3]);
  });
});

import { describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';

describe('docsmith CLI entry', () => {
  it('exits 2 on an unknown command', async () => {
    expect(await main(['no-such-command'])).toBe(2);
  });
});

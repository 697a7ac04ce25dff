import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashInSlices } from '../../runtime/artifacts/hash-in-slices.ts';

describe('hashInSlices', () => {
  const cases: Record<string, Buffer> = {
    'ASCII JSON lines': Buffer.from('{"formatVersion":3,\n"pages":[\n{"path":"a"}\n]}\n'),
    'two- to four-byte characters cut by every slice size': Buffer.from('{"t":"Réglages — 設定 🚀 ok"}'),
    nothing: Buffer.alloc(0),
  };

  for (const [name, bytes] of Object.entries(cases)) {
    it(`gives the sha256 of the bytes whatever the slice size: ${name}`, async () => {
      for (const sliceBytes of [1, 2, 3, 5, 1024]) {
        expect(await hashInSlices(bytes, sliceBytes), `slices of ${sliceBytes}`).toBe(
          createHash('sha256').update(bytes).digest('hex'),
        );
      }
    });
  }

  it('gives the event loop a turn after each slice', async () => {
    let turns = 0;
    let running = true;
    const tick = (): void => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    await hashInSlices(Buffer.alloc(64 * 1024, 'a'), 1024);
    running = false;
    expect(turns).toBeGreaterThanOrEqual(60);
  });
});

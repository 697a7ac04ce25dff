import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashAndDecodeInSlices } from '../../runtime/artifacts/hash-and-decode-in-slices.ts';

describe('hashAndDecodeInSlices', () => {
  const cases: Record<string, Buffer> = {
    'ASCII JSON lines': Buffer.from('{"formatVersion":3,\n"pages":[\n{"path":"a"}\n]}\n'),
    'two- to four-byte characters cut by every slice size': Buffer.from('{"t":"Réglages — 設定 🚀 ok"}'),
    'a byte-order mark and invalid sequences': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]),
    'nothing': Buffer.alloc(0),
  };

  for (const [name, bytes] of Object.entries(cases)) {
    it(`gives toString's text and the sha256 of the bytes: ${name}`, async () => {
      for (const sliceBytes of [1, 2, 3, 5, 1024]) {
        const { sha256, text } = await hashAndDecodeInSlices(bytes, sliceBytes);
        expect([sha256, text], `slices of ${sliceBytes}`).toEqual([createHash('sha256').update(bytes).digest('hex'), bytes.toString('utf8')]);
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
    await hashAndDecodeInSlices(Buffer.alloc(64 * 1024, 'a'), 1024);
    running = false;
    expect(turns).toBeGreaterThanOrEqual(60);
  });
});

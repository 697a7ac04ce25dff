import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256OfText } from '../../pipeline/manifest/sha256-of-text.ts';

describe('sha256OfText', () => {
  it('hashes the UTF-8 bytes of a text, slices never splitting a surrogate pair', () => {
    // A pair straddles the first 1 MiB boundary; an accented letter and an emoji run through the rest.
    const text = `${'a'.repeat((1 << 20) - 1)}😀${'é😀'.repeat(700_000)}`;
    for (const sample of ['', 'docs', text])
      expect(sha256OfText(sample)).toBe(createHash('sha256').update(sample).digest('hex'));
  });
});

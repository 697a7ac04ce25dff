import { describe, expect, it } from 'vitest';
import { memoizeByText } from '../../runtime/assistant/memoize-by-text.ts';

describe('memoizeByText', () => {
  it('computes once per text and again for another text', () => {
    const seen: string[] = [];
    const length = memoizeByText((text) => {
      seen.push(text);
      return text.length;
    });
    expect([length('abc'), length('abc'), length('de')]).toEqual([3, 3, 2]);
    expect(seen).toEqual(['abc', 'de']);
  });
});

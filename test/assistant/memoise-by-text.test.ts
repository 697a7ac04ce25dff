import { describe, expect, it } from 'vitest';
import { memoiseByText } from '../../runtime/assistant/memoise-by-text.ts';

describe('memoiseByText', () => {
  it('computes once per text and again for another text', () => {
    const seen: string[] = [];
    const length = memoiseByText((text) => {
      seen.push(text);
      return text.length;
    });
    expect([length('abc'), length('abc'), length('de')]).toEqual([3, 3, 2]);
    expect(seen).toEqual(['abc', 'de']);
  });
});

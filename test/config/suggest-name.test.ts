import { describe, expect, it } from 'vitest';
import { suggestName } from '../../pipeline/config/suggest-name.ts';

describe('suggestName', () => {
  it('gives the first closest candidate within a third of the length, ignoring case', () => {
    expect(suggestName('navigaton', ['name', 'navigation', 'navbar'])).toBe('navigation');
    expect(suggestName('Themes', ['theme', 'themas'])).toBe('theme');
    expect(suggestName('abcd', ['abcx', 'abxd'])).toBe('abcx');
  });

  it('gives nothing when no candidate is close, however long or short the candidates', () => {
    expect(suggestName('guides/quickstart', ['reference/api/users/list', 'a', 'guides/other-page'])).toBeUndefined();
    expect(suggestName('x', [])).toBeUndefined();
  });

  it('still finds a close candidate that follows many of another length', () => {
    const far = Array.from({ length: 1000 }, (_, index) => `reference/generated/page-number-${index}`);
    expect(suggestName('guides/quikstart', [...far, 'guides/quickstart'])).toBe('guides/quickstart');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultFolderFilter, mintIgnoreHintForRoute } from '../../pipeline/site/mint-ignore.ts';

describe('.mintignore and the default folders', () => {
  it('names the line that excludes a route’s file: the last pattern matching it, as gitignore decides', () => {
    const mintignore = '# private\ndrafts/\n*.draft.mdx\n!drafts/keep.mdx\n';
    expect(mintIgnoreHintForRoute(mintignore, 'drafts/keep')).toBe(
      '`drafts/keep.mdx` is excluded by .mintignore line 2 (`drafts/`): change that line, or remove the entry from the navigation.',
    );
    expect(mintIgnoreHintForRoute(mintignore, 'guides/intro.draft')).toContain('line 3 (`*.draft.mdx`)');
    expect(mintIgnoreHintForRoute(mintignore, 'guides/intro')).toBeUndefined();
    expect(mintIgnoreHintForRoute(mintignore, '../outside')).toBeUndefined();
  });

  it('counts the default folders at the site root only, unless the site re-includes one', () => {
    const inDefaultFolder = defaultFolderFilter('drafts/\n');
    expect(['build/a.mdx', 'tmp/b.md', 'guides/build/c.mdx', 'drafts/d.mdx', '/e.mdx'].map(inDefaultFolder)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(defaultFolderFilter('!/build/\n')('build/a.mdx')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const base = { theme: 'mint', name: 'Refs', colors: { primary: '#16A34A' } };

describe('"$ref" inclusion in docs.json', () => {
  it('replaces a $ref by the referenced file, relative to the referencing file, with siblings merged on top', () => {
    const result = validateConfig(
      siteSourceFromObject({
        'docs.json': JSON.stringify({ ...base, navigation: { $ref: 'config/navigation.json', pages: ['index'] } }),
        'config/navigation.json': JSON.stringify({ groups: [{ $ref: 'group.json' }], pages: ['ignored'] }),
        'config/group.json': '{\n  "group": "Guides",\n  "pages": ["guides/intro", 42]\n}',
      }),
    );
    // The groups hold an error and the merged `pages` are valid: the platform's schema passes over the groups.
    expect(result.config?.navigation).toEqual({ pages: ['index'] });
    const passedOver = result.diagnostics.find((diagnostic) => diagnostic.pointer === '/navigation/groups');
    expect(passedOver).toMatchObject({ file: 'config/navigation.json', ruleId: 'invalid-navigation-list' });
    expect(passedOver?.hint).toMatch(/^config\/group\.json:3:\d+: /);
    expect(result.locate('/navigation/groups/0/group')).toEqual({ file: 'config/group.json', line: 2, column: 12 });
  });

  it('places an error in a referenced file at its line', () => {
    const result = validateConfig(
      siteSourceFromObject({
        'docs.json': JSON.stringify({ ...base, navigation: { $ref: 'config/navigation.json' } }),
        'config/navigation.json': JSON.stringify({ groups: [{ $ref: 'group.json' }] }),
        'config/group.json': '{\n  "group": "Guides",\n  "pages": ["guides/intro", 42]\n}',
      }),
    );
    const typeError = result.diagnostics.find((diagnostic) => diagnostic.pointer === '/navigation/groups/0/pages/1');
    expect(typeError).toMatchObject({ file: 'config/group.json', line: 3, severity: 'error' });
  });

  it('ignores the sibling keys of a $ref to a list, as the platform does ("Merge sibling keys")', () => {
    const result = validateConfig(
      siteSourceFromObject({
        'docs.json': JSON.stringify({
          ...base,
          navigation: { groups: [{ group: 'Guides', pages: { $ref: 'pages.json', note: 1 } }] },
        }),
        'pages.json': '["guides/a", "guides/b"]',
      }),
    );
    expect(result.valid).toBe(true);
    expect(result.config?.navigation).toEqual({ groups: [{ group: 'Guides', pages: ['guides/a', 'guides/b'] }] });
  });

  it('refuses cycles, missing files and paths outside the site root', () => {
    const cycle = validateConfig(
      siteSourceFromObject({
        'docs.json': JSON.stringify({ ...base, navigation: { $ref: 'a.json' } }),
        'a.json': '{"$ref": "b.json"}',
        'b.json': '{"$ref": "a.json"}',
      }),
    );
    expect(cycle.diagnostics.map((diagnostic) => diagnostic.ruleId)).toContain('ref-cycle');
    const outside = validateConfig(
      siteSourceFromObject({ 'docs.json': JSON.stringify({ ...base, navigation: { $ref: '../secrets.json' } }) }),
    );
    expect(outside.diagnostics.map((diagnostic) => diagnostic.ruleId)).toContain('ref-outside-site');
    const missing = validateConfig(
      siteSourceFromObject({ 'docs.json': JSON.stringify({ ...base, navigation: { $ref: 'nope.json' } }) }),
    );
    expect(missing.diagnostics.find((diagnostic) => diagnostic.ruleId === 'ref-missing')?.pointer).toBe(
      '/navigation/$ref',
    );
  });

  it('reports JSON syntax errors and duplicate keys at their line:col', () => {
    const trailing = validateConfig(siteSourceFromObject({ 'docs.json': '{\n  "theme": "mint",\n}' }));
    expect(trailing.diagnostics[0]).toMatchObject({ ruleId: 'json-syntax', line: 3, column: 1 });
    const unclosed = validateConfig(siteSourceFromObject({ 'docs.json': '{\n  "theme": "mint"' }));
    expect(unclosed.diagnostics[0]).toMatchObject({ ruleId: 'json-syntax', line: 2, column: 18 });
    const truncated = validateConfig(siteSourceFromObject({ 'docs.json': '{\n  "name": \n\n' }));
    expect(truncated.diagnostics[0]).toMatchObject({
      ruleId: 'json-syntax',
      line: 2,
      column: 10,
      message: 'Unexpected end of input found: the file is not valid JSON',
    });
    const duplicate = validateConfig(
      siteSourceFromObject({ 'docs.json': JSON.stringify(base).replace('{', '{"name": "First",') + '' }),
    );
    expect(duplicate.diagnostics.find((diagnostic) => diagnostic.ruleId === 'duplicate-key')).toMatchObject({
      pointer: '/name',
      severity: 'warning',
    });
    // The last value wins, as the platform's JSON.parse reads it.
    expect(duplicate.config?.document.name).toBe('Refs');
  });

  it('reads a backslash in a $ref as a folder separator, as the platform does', () => {
    const result = validateConfig(
      siteSourceFromObject({
        'docs.json': JSON.stringify({ ...base, navigation: { $ref: 'config\\navigation.json' } }),
        'config/navigation.json': JSON.stringify({ pages: ['index'] }),
      }),
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.navigation).toEqual({ pages: ['index'] });
  });

  it('warns when one element mixes child kinds and keeps all of them', () => {
    const result = validateConfig(
      siteSourceFromObject({
        'docs.json': JSON.stringify({
          ...base,
          navigation: { tabs: [{ tab: 'A', pages: ['a'] }], groups: [{ group: 'G', pages: ['b'] }] },
        }),
      }),
    );
    expect(result.valid).toBe(true);
    expect(result.diagnostics).toMatchObject([
      { pointer: '/navigation', ruleId: 'mixed-navigation-children', severity: 'warning' },
    ]);
  });
});

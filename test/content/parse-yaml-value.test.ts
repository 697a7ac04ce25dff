import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFrontmatter } from '../../pipeline/content/read-frontmatter.ts';
import { parseYamlValue } from '../../pipeline/site/parse-yaml-value.ts';

describe('parseYamlValue (js-yaml, core schema)', () => {
  it('reads what `yaml` reads: dates stay text, numbers and booleans are typed', () => {
    const text = 'title: Changelog\ndate: 2024-05-01\nversion: 1.5\nhidden: true\nnothing: ~\nlist: [a, b]\n';
    expect(parseYamlValue(text)?.value).toEqual(parse(text));
    expect(parseYamlValue(text)?.value).toMatchObject({ date: '2024-05-01' });
  });

  it('leaves anchors, duplicate keys and broken YAML to `yaml`', () => {
    expect(parseYamlValue('base: &base {a: 1}\nother: *base\n')).toBeUndefined();
    expect(parseYamlValue('title: One\ntitle: Two\n')).toBeUndefined();
    expect(parseYamlValue('title: "unclosed\n')).toBeUndefined();
  });
});

describe('readFrontmatter quick and full paths', () => {
  it('gives the same result either way, and positioned diagnostics when the quick path does not apply', () => {
    expect(readFrontmatter({ file: 'a.mdx', yaml: 'title: " Padded "\ndescription: Text', line: 2 })).toEqual({
      frontmatter: { title: ' Padded ', description: 'Text' },
      title: 'Padded',
      description: 'Text',
      diagnostics: [],
    });
    const numeric = readFrontmatter({ file: 'guides/a.mdx', yaml: 'description: x\ntitle: 2024', line: 2 });
    expect(numeric.title).toBe('2024');
    expect(numeric.diagnostics).toMatchObject([{ ruleId: 'invalid-frontmatter', line: 3, column: 1 }]);
    const duplicate = readFrontmatter({ file: 'b.mdx', yaml: 'title: One\ntitle: Two', line: 2 });
    expect(duplicate.diagnostics).toMatchObject([{ ruleId: 'frontmatter-parse', severity: 'error', line: 3 }]);
  });
});

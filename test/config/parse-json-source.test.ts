import { describe, expect, it } from 'vitest';
import { parseJsonSource } from '../../pipeline/config/parse-json-source.ts';

describe('parseJsonSource', () => {
  it('gives the position of a value when asked, after a plain parse', () => {
    const parsed = parseJsonSource(
      'docs.json',
      '\uFEFF{\n  "name": "A \\"quoted\\": name",\n  "pages": ["a", {"group": "G"}]\n}\n',
    );
    expect(parsed.value).toEqual({ name: 'A "quoted": name', pages: ['a', { group: 'G' }] });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.locations.get('/pages/1/group')).toEqual({
      file: 'docs.json',
      line: 3,
      column: 28,
      keyLine: 3,
      keyColumn: 19,
    });
    expect(parsed.locations.size).toBe(6);
  });

  it('reports a duplicate key in otherwise valid JSON, the last value winning', () => {
    const parsed = parseJsonSource('docs.json', '{"name": "A", "nested": {"x": 1, "x": 2}}');
    expect(parsed.value).toEqual({ name: 'A', nested: { x: 2 } });
    expect(
      parsed.diagnostics.map((diagnostic) => [
        diagnostic.ruleId,
        diagnostic.line,
        diagnostic.column,
        diagnostic.pointer,
      ]),
    ).toEqual([['duplicate-key', 1, 34, '/nested/x']]);
  });

  it('reports a syntax error at its position', () => {
    const parsed = parseJsonSource('docs.json', '{\n  "name": "A",\n}\n');
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.line])).toEqual([['json-syntax', 3]]);
  });
});

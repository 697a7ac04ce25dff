import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import type { Diagnostic } from '../../pipeline/diagnostics/diagnostic.ts';
import { findDeepJsonNesting, findDeepYamlNesting, MAX_NESTING_DEPTH } from '../../pipeline/site/find-deep-nesting.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';

const base = testSiteFiles();
const brackets = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
const config = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...(JSON.parse(base['docs.json'] ?? '{}') as Record<string, unknown>),
  ...extra,
});
/** docs.json whose API group documents the operations of `file`. */
const withSpec = (file: string): string =>
  JSON.stringify(
    config({
      navigation: {
        groups: [
          { group: 'Start', pages: ['quickstart'] },
          { group: 'API', openapi: file },
        ],
      },
    }),
  );
const spec = (schema: string): string =>
  `{"openapi":"3.0.3","info":{"title":"T","version":"1"},"paths":{"/users":{"get":{"summary":"List users","responses":{"200":{"description":"ok","content":{"application/json":{"schema":${schema}}}}}}}}}`;

/** Builds and validates a site in memory: both must return (never throw) and agree; resolves to the build's `nesting-too-deep` diagnostics. */
async function deepNestingDiagnostics(files: Record<string, string>): Promise<Diagnostic[]> {
  const source = siteSourceFromObject(files);
  const built = await buildSite(source, { domain: 'deep' });
  expect(await validateSite(source)).toEqual(built.diagnostics);
  return built.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'nesting-too-deep');
}

describe('inputs nested too deep (issue #30 item 1)', () => {
  it('reports a 4 KB docs.json nesting arrays 2,000 deep at the bracket past the limit, not a stack overflow', async () => {
    // The reproduction: `"x": [[[…]]]` 2,000 deep after a valid configuration.
    const text = `{"theme":"mint","name":"H","colors":{"primary":"#0F766E"},"navigation":{"pages":["index"]},"x":${brackets(2000)}}`;
    const found = await deepNestingDiagnostics({ 'docs.json': text, 'index.mdx': '---\ntitle: Home\n---\n\nHello.\n' });
    expect(found).toMatchObject([
      { file: 'docs.json', line: 1, column: text.indexOf('"x":') + 4 + MAX_NESTING_DEPTH, severity: 'error' },
    ]);
  });

  it('counts the depth of a `$ref` file on its own and together with the files that include it', async () => {
    const deepFile = await deepNestingDiagnostics({
      ...base,
      'docs.json': JSON.stringify(config({ x: { $ref: 'deep.json' } })),
      'deep.json': `{"a":${brackets(1000)}}`,
    });
    expect(deepFile).toMatchObject([{ file: 'deep.json', line: 1, column: 5 + MAX_NESTING_DEPTH, severity: 'error' }]);
    // Three files nesting 60 levels each: each is fine, together they pass the limit inside the third.
    const nest = (depth: number, inner: string): string => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);
    const chain = await deepNestingDiagnostics({
      ...base,
      'docs.json': JSON.stringify(config({ x: JSON.parse(nest(60, '{"$ref":"one.json"}')) })),
      'one.json': nest(60, '{"$ref":"two.json"}'),
      'two.json': nest(60, '1'),
    });
    expect(chain).toHaveLength(1);
    expect(chain[0]).toMatchObject({ file: 'two.json', severity: 'error' });
  });

  it('reports a page nesting lists, quotes or expressions too deep before parsing it, and builds the rest', async () => {
    const list = Array.from({ length: 200 }, (_, level) => `${'  '.repeat(level)}- item`).join('\n');
    const expression = `<Card title={${'{a:'.repeat(300)}1${'}'.repeat(300)}} />`;
    const found = await deepNestingDiagnostics({
      ...base,
      'billing.mdx': `---\ntitle: Billing\nx: {a: {b: 1}}\n---\n\n${list}\n`,
      'quickstart.mdx': `---\ntitle: Quickstart\n---\n\n\`\`\`js\n${'{'.repeat(300)}\n\`\`\`\n\n${expression}\n`,
      'quotes.md': `${'>'.repeat(200)} quoted\n`,
    });
    expect(found.map(({ file, line, column, severity }) => ({ file, line, column, severity }))).toEqual([
      { file: 'billing.mdx', line: 6 + MAX_NESTING_DEPTH + 1, column: 2 * MAX_NESTING_DEPTH + 1, severity: 'error' },
      { file: 'quickstart.mdx', line: 9, column: 14 + 3 * (MAX_NESTING_DEPTH - 1), severity: 'error' },
      { file: 'quotes.md', line: 1, column: MAX_NESTING_DEPTH + 1, severity: 'error' },
    ]);
  });

  it('reports a JSON spec nested too deep at its position and builds the rest of the site', async () => {
    const deepSchema = '{"type":"array","items":'.repeat(700) + '{"type":"string"}' + '}'.repeat(700);
    const files = { ...base, 'docs.json': withSpec('openapi.json'), 'openapi.json': spec(deepSchema) };
    const found = await deepNestingDiagnostics(files);
    expect(found).toMatchObject([{ file: 'openapi.json', line: 1, severity: 'error' }]);
    expect(found[0]?.column).toBe(findDeepJsonNesting(files['openapi.json'])?.column);
  });

  it('reports a spec nothing names as a warning', async () => {
    const found = await deepNestingDiagnostics({ ...base, 'specs/generated.json': spec(brackets(500)) });
    expect(found).toMatchObject([{ file: 'specs/generated.json', severity: 'warning' }]);
  });

  it('reports YAML specs nested too deep in flow, block and compact style', async () => {
    const flow = `openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /users:\n    get:\n      x: ${brackets(1000)}\n`;
    const block = `openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n${Array.from({ length: 300 }, (_, index) => `${' '.repeat(index + 1)}k${index}:`).join('\n')} 1\n`;
    const compact = `openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /users:\n    x:\n      ${'- '.repeat(2000)}x\n`;
    for (const text of [flow, block, compact]) {
      const found = await deepNestingDiagnostics({
        ...base,
        'docs.json': withSpec('openapi.yaml'),
        'openapi.yaml': text,
      });
      expect(found).toMatchObject([{ file: 'openapi.yaml', severity: 'error', ...findDeepYamlNesting(text) }]);
    }
  });

  it('reports frontmatter nested too deep at its line in the page', async () => {
    const found = await deepNestingDiagnostics({
      ...base,
      'billing.mdx': `---\ntitle: Billing\nx: ${brackets(2000)}\n---\n\nText.\n`,
    });
    expect(found).toMatchObject([{ file: 'billing.mdx', line: 3, column: 3 + MAX_NESTING_DEPTH, severity: 'error' }]);
  });

  it('names a spec `$ref` file nested too deep in the unresolved-reference warning', async () => {
    const files = {
      ...base,
      'docs.json': withSpec('openapi.json'),
      'openapi.json': spec('{"$ref":"schemas/deep.json"}'),
      'schemas/deep.json': brackets(1000),
    };
    const result = await buildSite(siteSourceFromObject(files), { domain: 'deep' });
    expect(result.diagnostics.find((diagnostic) => diagnostic.file === 'openapi.json')?.message).toBe(
      `Cannot resolve \`$ref\` \`schemas/deep.json\`: it nests lists and objects more than ${MAX_NESTING_DEPTH} levels deep (1:${MAX_NESTING_DEPTH + 1}); \`GET /users\` is built without it`,
    );
  });
});

describe('findDeepJsonNesting and findDeepYamlNesting', () => {
  it('accept the limit and report the first opening past it', () => {
    expect(findDeepJsonNesting(brackets(MAX_NESTING_DEPTH))).toBeUndefined();
    expect(findDeepJsonNesting(brackets(MAX_NESTING_DEPTH + 1))).toEqual({ line: 1, column: MAX_NESTING_DEPTH + 1 });
    expect(findDeepYamlNesting(`a: ${brackets(MAX_NESTING_DEPTH - 1)}`)).toBeUndefined();
    expect(findDeepYamlNesting(`a: ${brackets(MAX_NESTING_DEPTH)}`)).toEqual({
      line: 1,
      column: 3 + MAX_NESTING_DEPTH,
    });
  });

  it('do not count brackets in strings, quoted scalars, comments, plain text or block scalars', () => {
    const many = '['.repeat(500);
    expect(findDeepJsonNesting(JSON.stringify({ text: many, escaped: `\\"${many}` }))).toBeUndefined();
    expect(
      findDeepYamlNesting(
        `a: "${many}"\nb: '${many}'\nc: x${many}\n# ${many}\nd: |\n  ${many}\n  ${many}\ne: >-\n    ${many}\n`,
      ),
    ).toBeUndefined();
  });

  it('count block nesting by indentation and compact indicators', () => {
    const indented = Array.from({ length: 200 }, (_, index) => `${' '.repeat(index)}k:`).join('\n');
    expect(findDeepYamlNesting(indented)).toEqual({ line: MAX_NESTING_DEPTH + 1, column: MAX_NESTING_DEPTH + 1 });
    expect(findDeepYamlNesting(`- ${'- '.repeat(MAX_NESTING_DEPTH - 2)}x`)).toBeUndefined();
    expect(findDeepYamlNesting(`- ${'- '.repeat(MAX_NESTING_DEPTH)}x`)).toBeDefined();
    // Siblings at one indentation do not add up.
    expect(
      findDeepYamlNesting(Array.from({ length: 1000 }, (_, index) => `- k${index}: {a: [1]}`).join('\n')),
    ).toBeUndefined();
  });
});

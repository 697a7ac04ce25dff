import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';
import { configureFuzzing } from '../helpers/configure-fuzzing.ts';

configureFuzzing();

/** A build either succeeds or explains itself: no exception, and every diagnostic is a located, rule-tagged message. */
async function expectExplainedBuild(files: Record<string, string>): Promise<void> {
  const result = await buildSite(siteSourceFromObject(files), { domain: 'fuzz' });
  for (const diagnostic of result.diagnostics) {
    expect(diagnostic.ruleId).toMatch(/^[a-z0-9-]+$/);
    expect(typeof diagnostic.file).toBe('string');
    expect(diagnostic.message.length).toBeGreaterThan(0);
    expect(diagnostic.message).not.toMatch(/\n\s+at /);
  }
  if (!result.manifest) expect(result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')).toBe(true);
}

const base = testSiteFiles();
const baseConfig = JSON.parse(base['docs.json'] ?? '{}') as Record<string, unknown>;
const anyJson = fc.jsonValue({ maxDepth: 3 });
const pageRef = fc.oneof(
  fc.constantFrom('quickstart', 'cli/configure', 'billing', 'missing', '../escape', '', '/abs'),
  fc.string({ maxLength: 12 }),
);
const navigation = fc.oneof(
  fc.record(
    {
      groups: fc.array(
        fc.record(
          {
            group: fc.oneof(fc.string({ maxLength: 8 }), anyJson),
            pages: fc.array(fc.oneof(pageRef, anyJson), { maxLength: 4 }),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      tabs: fc.array(
        fc.record(
          {
            tab: fc.string({ maxLength: 6 }),
            pages: fc.array(pageRef, { maxLength: 3 }),
            openapi: fc.oneof(fc.constant('openapi.json'), fc.string({ maxLength: 8 })),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 2 },
      ),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      versions: fc.array(
        fc.record(
          {
            version: fc.string({ maxLength: 5 }),
            default: fc.boolean(),
            groups: fc.array(
              fc.record({ group: fc.string({ maxLength: 5 }), pages: fc.array(pageRef, { maxLength: 3 }) }),
              { maxLength: 2 },
            ),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: [] },
  ),
  anyJson,
);
const docsJson = fc.record(
  {
    theme: fc.oneof(fc.constantFrom('mint', 'maple', 'nope'), anyJson),
    name: fc.oneof(fc.string({ maxLength: 10 }), anyJson),
    colors: fc.oneof(fc.constant({ primary: '#16A34A' }), anyJson),
    navigation,
    redirects: anyJson,
    openapi: fc.oneof(fc.constant('openapi.json'), anyJson),
    extra: anyJson,
  },
  { requiredKeys: [] },
);
const yamlish = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('title', 'description', 'openapi', 'icon', 'sidebarTitle', 'hidden', 'noindex', 'mode', 'tag'),
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom(
            '[',
            '{',
            '"',
            "'",
            ': :',
            '- a',
            '|',
            '>',
            '&a',
            '*a',
            '!!binary',
            'GET /users',
            'POST /x/{id}',
          ),
        ),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${key}: ${value}`).join('\n')),
);
const method = fc.constantFrom('get', 'post', 'put', 'delete', 'patch', 'trace', 'bogus');
const openApi = fc.oneof(
  anyJson.map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        openapi: fc.oneof(fc.constantFrom('3.0.3', '3.1.0', '2.0', ''), anyJson),
        info: fc.oneof(
          fc.record({ title: fc.string({ maxLength: 8 }), version: fc.string({ maxLength: 4 }) }),
          anyJson,
        ),
        paths: fc.oneof(
          fc.dictionary(
            fc.oneof(fc.constantFrom('/users', '/users/{id}', '/'), fc.string({ maxLength: 8 })),
            fc.dictionary(
              method,
              fc.oneof(
                fc.record(
                  {
                    summary: fc.string({ maxLength: 10 }),
                    parameters: anyJson,
                    responses: anyJson,
                    requestBody: anyJson,
                  },
                  { requiredKeys: [] },
                ),
                anyJson,
              ),
              { maxKeys: 3 },
            ),
            { maxKeys: 3 },
          ),
          anyJson,
        ),
        components: fc.oneof(
          fc.constant({ schemas: { Loop: { $ref: '#/components/schemas/Loop' } } }),
          fc.record({ schemas: fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 2 }) }),
          anyJson,
        ),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 60 }),
);

describe('property-based fuzzing of site inputs', () => {
  it('explains every docs.json instead of throwing (60 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(docsJson, async (config) =>
        expectExplainedBuild({ ...base, 'docs.json': JSON.stringify({ ...baseConfig, ...config }) }),
      ),
      { numRuns: 60 },
    );
  });

  it('explains every page frontmatter instead of throwing (60 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(yamlish, fc.string({ maxLength: 80 }), async (frontmatter, body) =>
        expectExplainedBuild({ ...base, 'billing.mdx': `---\n${frontmatter}\n---\n\n${body}\n` }),
      ),
      { numRuns: 60 },
    );
  });

  it('explains every OpenAPI file instead of throwing (60 runs)', async () => {
    const config = JSON.stringify({
      ...baseConfig,
      navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['quickstart', 'GET /users'] }] },
    });
    await fc.assert(
      fc.asyncProperty(openApi, yamlish, async (spec, frontmatter) =>
        expectExplainedBuild({
          ...base,
          'docs.json': config,
          'openapi.json': spec,
          'cli/configure.mdx': `---\n${frontmatter}\nopenapi: GET /users\n---\n`,
        }),
      ),
      { numRuns: 60 },
    );
  });

  it('renders an operation whose parameter list holds null (found by this fuzzer)', async () => {
    const config = JSON.stringify({
      ...baseConfig,
      navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['quickstart', 'GET /users'] }] },
    });
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/users': {
          parameters: [null],
          get: { summary: 'List users', parameters: [null, { name: 'limit', in: 'query' }] },
        },
      },
    });
    const result = await buildSite(siteSourceFromObject({ ...base, 'docs.json': config, 'openapi.json': spec }), {
      domain: 'fuzz',
    });
    expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(result.sectionRecords.some((record) => record.text.includes('limit (query)'))).toBe(true);
  });
});

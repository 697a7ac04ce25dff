import { describe, expect, it } from 'vitest';
import { buildSite, type BuildSiteOptions } from '../../pipeline/assemble/build-site.ts';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';

const base = testSiteFiles();
const config = JSON.stringify({
  ...(JSON.parse(base['docs.json'] ?? '{}') as Record<string, unknown>),
  navigation: {
    groups: [
      { group: 'Start', pages: ['quickstart'] },
      { group: 'API', openapi: 'openapi.json' },
    ],
  },
});
const userSchema = JSON.stringify({
  type: 'object',
  properties: { email: { type: 'string', description: 'Where invoices go.' }, team: { $ref: 'team.json' } },
});
const teamSchema = JSON.stringify({
  type: 'object',
  properties: { seats: { type: 'integer', description: 'Seats paid for.' } },
});

/** A local spec whose `GET /users` response is the schema `reference` names; `GET /pets` uses no reference. */
function specWith(reference: string): string {
  const response = (schema: unknown): unknown => ({
    200: { description: 'OK', content: { 'application/json': { schema } } },
  });
  return JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/users': {
          get: { summary: 'List users', responses: response({ type: 'array', items: { $ref: reference } }) },
        },
        '/pets': {
          get: {
            summary: 'List pets',
            responses: response({ type: 'object', properties: { name: { type: 'string' } } }),
          },
        },
      },
    },
    null,
    2,
  );
}

/** Builds (and validates, which must agree) a site whose spec is `spec`; resolves to the build. */
async function build(spec: string, options: Partial<BuildSiteOptions> = {}) {
  const source = siteSourceFromObject({ ...base, 'docs.json': config, 'openapi.json': spec });
  const result = await buildSite(source, { domain: 'refs', ...options });
  expect(await validateSite(source, options.fetchRemote ? { fetchRemote: options.fetchRemote } : {})).toEqual(
    result.diagnostics,
  );
  return result;
}

/** Text indexed for an endpoint page, by its title. */
function endpointText(result: Awaited<ReturnType<typeof build>>, title: string): string {
  return result.sectionRecords
    .filter((record) => record.title === title)
    .map((record) => record.text)
    .join('\n');
}

describe('remote and unresolvable $refs in a local spec (issue #30 item 2)', () => {
  it('without network, builds every operation and warns once, naming the ref and the operation built without it', async () => {
    const remote = 'https://schemas.example.com/user.json';
    const spec = specWith(remote);
    const result = await build(spec);
    const [before = ''] = spec.split('"$ref"');
    expect(result.stats).toMatchObject({ errors: 0, endpointPages: 2 });
    expect(
      result.diagnostics.map(({ file, line, column, severity, ruleId, message }) => ({
        file,
        line,
        column,
        severity,
        ruleId,
        message,
      })),
    ).toEqual([
      {
        file: 'openapi.json',
        line: before.split('\n').length,
        column: before.length - before.lastIndexOf('\n'),
        severity: 'warning',
        ruleId: 'spec-reference',
        message: `Cannot resolve \`$ref\` \`${remote}\`: not fetched; pass --allow-network to fetch remote references; \`GET /users\` is built without it`,
      },
    ]);
    expect(endpointText(result, 'List pets')).toContain('name (string)');
  });

  it('never reads a `file:` URL, and says why for other schemes', async () => {
    const files = await build(specWith('file:///etc/passwd'));
    expect(files.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'Cannot resolve `$ref` `file:///etc/passwd`: a `file:` URL is never read; write the path relative to the spec; `GET /users` is built without it',
    ]);
    const ftp = await build(specWith('ftp://example.com/user.json'), {
      fetchRemote: async () => Promise.reject(new Error('must not be called')),
    });
    expect(ftp.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'Cannot resolve `$ref` `ftp://example.com/user.json`: `ftp:` URLs are not read, only http(s) ones; `GET /users` is built without it',
    ]);
  });

  it('with a fetcher, resolves remote documents (and their relative refs) once each', async () => {
    const fetched: string[] = [];
    const fetchRemote = async (url: string): Promise<string> => {
      fetched.push(url);
      if (url === 'https://schemas.example.com/v1/user.json') return userSchema;
      if (url === 'https://schemas.example.com/v1/team.json') return teamSchema;
      throw new Error('HTTP 404');
    };
    const spec = specWith('https://schemas.example.com/v1/user.json').replace(
      '"summary": "List pets"',
      '"summary": "List pets", "parameters": [{"name": "owner", "in": "query", "schema": {"$ref": "https://schemas.example.com/v1/user.json#/properties/email"}}]',
    );
    const result = await build(spec, { fetchRemote });
    expect(result.diagnostics).toEqual([]);
    // Once per run: the build, then the validation.
    expect(fetched.sort()).toEqual([
      'https://schemas.example.com/v1/team.json',
      'https://schemas.example.com/v1/team.json',
      'https://schemas.example.com/v1/user.json',
      'https://schemas.example.com/v1/user.json',
    ]);
    expect(endpointText(result, 'List users')).toContain('[].email (string): Where invoices go.');
    expect(endpointText(result, 'List users')).toContain('[].team (object)');
    expect(endpointText(result, 'List pets')).toContain('owner (query, string)');
  });

  it("warns with the fetcher's reason when a remote document fails, and keeps the rest", async () => {
    const result = await build(specWith('https://schemas.example.com/user.json'), {
      fetchRemote: async () => Promise.reject(new Error('HTTP 503')),
    });
    expect(result.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'Cannot resolve `$ref` `https://schemas.example.com/user.json`: cannot fetch it: HTTP 503; `GET /users` is built without it',
    ]);
    expect(result.stats).toMatchObject({ errors: 0, endpointPages: 2 });
  });

  it('treats a missing site file like a remote ref: one warning for every ref to it, other refs still resolved', async () => {
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/users': {
          get: {
            summary: 'List users',
            parameters: [{ $ref: '#/components/parameters/limit' }],
            responses: {
              200: {
                description: 'OK',
                content: { 'application/json': { schema: { $ref: 'schemas/missing.json#/User' } } },
              },
            },
          },
        },
        '/teams': {
          get: {
            summary: 'List teams',
            parameters: [{ $ref: '#/components/parameters/limit' }],
            responses: {
              200: {
                description: 'OK',
                content: { 'application/json': { schema: { $ref: 'schemas/missing.json#/Team' } } },
              },
            },
          },
        },
      },
      components: {
        parameters: {
          limit: { name: 'limit', in: 'query', description: 'Most results returned.', schema: { type: 'integer' } },
        },
      },
    });
    const result = await build(spec);
    expect(result.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'Cannot resolve `$ref` `schemas/missing.json#/User` and 1 more to `schemas/missing.json`: cannot find `schemas/missing.json` in the site; `GET /users` and `GET /teams` are built without them',
    ]);
    expect(endpointText(result, 'List teams')).toContain('limit (query, integer): Most results returned.');
  });
});

import { describe, expect, it } from 'vitest';
import { loadOpenApiSpecs } from '../../pipeline/openapi/load-openapi-specs.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { loadFixtureSpecs } from './load-fixture-specs.ts';
import { collectSpecReferences } from '../../pipeline/site-model/collect-spec-references.ts';

describe('loadOpenApiSpecs', () => {
  it('loads OpenAPI 3.0 and 3.1 specs from memory, resolving $refs to sibling files of the site', async () => {
    const { result } = await loadFixtureSpecs();
    const shop = result.specs.get('shop.yaml');
    expect(
      shop?.operations.map((operation) => `${operation.webhook ? 'webhook' : operation.method} ${operation.path}`),
    ).toEqual([
      'GET /products',
      'POST /products',
      'GET /products/{productId}',
      'DELETE /products/{productId}',
      'PATCH /products/{productId}',
      'GET /health',
      'GET /internal/metrics',
      'GET /internal/debug',
      'webhook order.created',
    ]);
    expect(shop?.serverPaths).toEqual(['/v2']);
    const create = shop?.operations[1]?.operation as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['id', 'name']);
    expect(shop?.operations.find((operation) => operation.path === '/internal/metrics')).toMatchObject({
      hidden: true,
      excluded: false,
    });
    expect(shop?.operations.find((operation) => operation.path === '/internal/debug')).toMatchObject({
      hidden: false,
      excluded: true,
    });
    expect(shop?.operations[2]?.parameters.map((parameter) => parameter.name)).toEqual(['productId']);
    const pets = result.specs.get('pets.json');
    expect(pets?.serverPaths).toEqual(['/v1']);
    expect(pets?.operations.map((operation) => operation.summary)).toEqual(['List pets', 'Add a pet']);
  });

  it('reports broken, unsupported, missing and remote specs as diagnostics instead of throwing', async () => {
    const { result } = await loadFixtureSpecs();
    expect(
      result.diagnostics.map(({ file, line, column, pointer, severity, ruleId }) => ({
        file,
        line,
        column,
        pointer,
        severity,
        ruleId,
      })),
    ).toEqual([
      {
        file: 'broken-ref.yaml',
        line: 12,
        column: 25,
        pointer: undefined,
        severity: 'warning',
        ruleId: 'spec-reference',
      },
      { file: 'unparsable.yaml', line: 2, column: 16, pointer: undefined, severity: 'error', ruleId: 'spec-parse' },
      { file: 'future.json', line: 1, column: 1, pointer: undefined, severity: 'error', ruleId: 'invalid-spec' },
      { file: 'docs.json', line: 0, column: 0, pointer: '/api/openapi/5', severity: 'error', ruleId: 'missing-spec' },
      {
        file: 'docs.json',
        line: 0,
        column: 0,
        pointer: '/api/openapi/6',
        severity: 'warning',
        ruleId: 'remote-spec-skipped',
      },
      { file: 'swagger-2.json', line: 1, column: 1, pointer: undefined, severity: 'error', ruleId: 'swagger-spec' },
    ]);
    expect(result.diagnostics[2]?.message).toBe('Unexpected OpenAPI version `4.0.0`, expected 3.0.x or 3.1.x');
    expect(result.diagnostics[5]?.message).toBe(
      'Unexpected Swagger 2.0 spec, expected OpenAPI 3.0 or 3.1: it is not loaded, as the platform does not load it',
    );
    expect(result.diagnostics[0]?.message).toContain('schemas/missing.yaml');
    expect(result.specs.get('broken-ref.yaml')?.operations).toHaveLength(1);
    expect([...result.specs.keys()]).toEqual(['shop.yaml', 'pets.json', 'broken-ref.yaml']);
  });

  it('fetches remote specs only through the given fetchRemote', async () => {
    const remote = 'https://specs.example.com/users.json';
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'U', version: '1' },
      paths: { '/users': { get: { summary: 'List users', responses: {} } } },
    });
    const fetched: string[] = [];
    const fetchText = async (url: string): Promise<string> => {
      fetched.push(url);
      return spec;
    };
    const config = { navigation: { tabs: [{ tab: 'API', openapi: remote }] } };
    const locate = (pointer: string) => ({ file: 'docs.json', line: pointer.length, column: 3 });
    const specReferences = collectSpecReferences(config);
    const offline = await loadOpenApiSpecs({ specReferences, source: siteSourceFromObject({}), locate });
    expect(fetched).toEqual([]);
    expect(offline.diagnostics).toMatchObject([
      { ruleId: 'remote-spec-skipped', pointer: '/navigation/tabs/0/openapi', line: 26, column: 3 },
    ]);
    const online = await loadOpenApiSpecs({ specReferences, source: siteSourceFromObject({}), fetchRemote: fetchText });
    expect(fetched).toEqual([remote]);
    expect(online.diagnostics).toEqual([]);
    expect(online.specs.get(remote)?.operations[0]?.summary).toBe('List users');
    const failing = await loadOpenApiSpecs({
      specReferences,
      source: siteSourceFromObject({}),
      fetchRemote: async () => Promise.reject(new Error('HTTP 503')),
    });
    expect(failing.diagnostics).toMatchObject([
      { severity: 'error', ruleId: 'spec-unreachable', message: `Cannot fetch spec \`${remote}\`: HTTP 503` },
    ]);
  });

  it('loads detected spec files docs.json does not name, silently skipping YAML that is not a spec', async () => {
    const source = siteSourceFromObject({
      'api/openapi.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'A', version: '1' }, paths: {} }),
      'config/settings.yaml': 'name: not a spec\n',
    });
    const result = await loadOpenApiSpecs({ source, specFiles: ['api/openapi.json', 'config/settings.yaml'] });
    expect(result.diagnostics).toEqual([]);
    expect([...result.specs.keys()]).toEqual(['api/openapi.json']);
  });

  it('does not load a Swagger 2.0 spec, as the platform does not: a warning when only discovery found it', async () => {
    const source = siteSourceFromObject({
      'api/apidocs.swagger.json': JSON.stringify({ swagger: '2.0', info: { title: 'A', version: '1' }, paths: {} }),
    });
    const result = await loadOpenApiSpecs({ source, specFiles: ['api/apidocs.swagger.json'] });
    expect(result.diagnostics).toMatchObject([
      { file: 'api/apidocs.swagger.json', line: 1, column: 1, severity: 'warning', ruleId: 'swagger-spec' },
    ]);
    expect(result.diagnostics[0]?.hint).toContain('swagger2openapi');
    expect(result.specs.size).toBe(0);
  });

  it('refuses $refs that leave the site and never reads the disk', async () => {
    const source = siteSourceFromObject({
      'openapi.yaml':
        'openapi: 3.0.3\ninfo: { title: A, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200": { $ref: "../../etc/passwd.yaml" }\n',
    });
    const result = await loadOpenApiSpecs({
      specReferences: collectSpecReferences({ api: { openapi: 'openapi.yaml' } }),
      source,
    });
    expect(result.diagnostics).toMatchObject([
      {
        file: 'openapi.yaml',
        line: 7,
        column: 18,
        severity: 'warning',
        ruleId: 'spec-reference',
        message:
          'Cannot resolve `$ref` `../../etc/passwd.yaml`: it points outside the site folder; `GET /a` is built without it',
      },
    ]);
    expect(result.specs.get('openapi.yaml')?.operations).toHaveLength(1);
  });

  it('points a missing local $ref pointer at the first $ref that names it', async () => {
    const source = siteSourceFromObject({
      'openapi.json': JSON.stringify(
        {
          openapi: '3.0.3',
          info: { title: 'A', version: '1' },
          paths: {
            '/a': {
              get: {
                parameters: [{ $ref: '#/components/parameters/apiKey' }],
                responses: { '200': { description: 'OK' } },
              },
            },
          },
        },
        null,
        2,
      ),
    });
    const result = await loadOpenApiSpecs({
      specReferences: collectSpecReferences({ api: { openapi: 'openapi.json' } }),
      source,
    });
    expect(
      result.diagnostics.map(({ line, column, ruleId, message }) => `${line}:${column} ${ruleId} ${message}`),
    ).toEqual([
      '12:13 spec-reference Cannot resolve `$ref` `#/components/parameters/apiKey`: nothing at `#/components/parameters/apiKey` (no `components`); `GET /a` is built without it',
    ]);
  });

  it('reads a JSON spec with raw line breaks in its strings as YAML, as the platform does, with a warning at the first one', async () => {
    const text =
      '{"openapi": "3.0.3",\n "info": {"title": "A", "version": "1", "description": "First line.\nSecond line."},\n "paths": {"/a": {"get": {"summary": "List\n  them", "responses": {"200": {"description": "OK"}}}}}}\n';
    const broken =
      '{"openapi": "3.0.3", "info": {"title": "A", "version": "1", "description": "Line\nbreak"}, "paths": {"/a": {]}}';
    const source = siteSourceFromObject({ 'openapi.json': text, 'broken.json': broken });
    const result = await loadOpenApiSpecs({
      specReferences: collectSpecReferences({ api: { openapi: ['openapi.json', 'broken.json'] } }),
      source,
    });
    expect(
      result.specs
        .get('openapi.json')
        ?.operations.map((operation) => `${operation.method} ${operation.path} ${operation.summary ?? ''}`),
    ).toEqual(['GET /a List them']);
    expect(
      result.diagnostics.map(
        ({ file, line, column, severity, ruleId }) => `${file}:${line}:${column} ${severity} ${ruleId}`,
      ),
    ).toEqual(['openapi.json:2:68 warning spec-read-as-yaml', 'broken.json:1:1 error spec-parse']);
    expect(result.diagnostics[0]?.message).toMatch(
      /^Unexpected JSON syntax \(Bad control character in string literal\), expected valid JSON: the spec is read as YAML/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

/** A site whose pages name operations of `openapi.json` (or the specs given) in their frontmatter. */
function build(pages: Record<string, string>, specs: Record<string, unknown>): Promise<BuildResult> {
  return buildSite(
    siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Acme',
        colors: { primary: '#0F766E' },
        navigation: { groups: [{ group: 'API', pages: Object.keys(pages).map((file) => file.replace(/\.mdx$/, '')) }] },
      }),
      ...pages,
      ...Object.fromEntries(Object.entries(specs).map(([file, spec]) => [file, JSON.stringify(spec)])),
    }),
    { domain: 'acme' },
  );
}

/** Diagnostics as `file:line severity ruleId: message`. */
function diagnostics(result: BuildResult): string[] {
  return result.diagnostics.map(
    ({ file, line, severity, ruleId, message }) => `${file}:${line} ${severity} ${ruleId}: ${message}`,
  );
}

const rpcSpec = {
  openapi: '3.0.3',
  info: { title: 'RPC', version: '1' },
  paths: {
    // A path item's summary is not the operation's: the platform titles pages from the operation's only.
    '/getCompressedAccount': { summary: 'getCompressedAccount', post: { responses: { 200: { description: 'OK' } } } },
    '/getHealth': { get: { summary: 'Get health', responses: { 200: { description: 'OK' } } } },
  },
};

describe('MDX pages with frontmatter `openapi`', () => {
  it('are titled by the operation summary, else from their file name as the platform titles them', async () => {
    const result = await build(
      {
        'api/get-compressed-account.mdx': '---\nopenapi: post /getCompressedAccount\n---\n',
        'api/health.mdx': '---\nopenapi: get /getHealth\n---\n',
      },
      { 'openapi.json': rpcSpec },
    );
    expect(result.manifest?.pages.map((page) => page.title)).toEqual(['Get compressed account', 'Get health']);
    expect(result.files.get('pages/api/get-compressed-account.md')).toMatch(/^# Get compressed account\n\n## API\n/);
    expect(diagnostics(result)).toEqual([]);
  });
});

describe('Swagger 2.0 specs', () => {
  const swagger = {
    swagger: '2.0',
    info: { title: 'Permissions', version: '1' },
    paths: { '/v1/schemas/write': { post: { summary: 'Write schema', responses: { 200: { description: 'OK' } } } } },
  };

  it('are not loaded, as on the platform: a page naming one of their operations keeps only its own content', async () => {
    const result = await build(
      { 'write-schema.mdx': '---\ntitle: Write Schema\nopenapi: post /v1/schemas/write\n---\n\nWrites a schema.\n' },
      { 'apidocs.swagger.json': swagger },
    );
    expect(result.files.get('pages/write-schema.md')).toBe('# Write Schema\n\nWrites a schema.\n');
    expect(result.manifest?.pages[0]?.operation).toBeUndefined();
    // The page names an operation no loaded spec has: on the platform too, it shows no reference.
    expect(diagnostics(result)).toEqual([
      'apidocs.swagger.json:1 warning swagger-spec: Unexpected Swagger 2.0 spec, expected OpenAPI 3.0 or 3.1: it is not loaded, as the platform does not load it',
      'write-schema.mdx:1 warning unknown-operation: Cannot resolve `post /v1/schemas/write`: no OpenAPI spec is in scope (frontmatter `openapi`); the page keeps its own content',
    ]);
  });

  it('leave the operation to an OpenAPI 3 spec of the same API, and are an error when docs.json names them', async () => {
    const openapi = { ...rpcSpec, paths: { '/v1/schemas/write': { post: { summary: 'Write a schema (3.0)' } } } };
    const result = await build(
      { 'write-schema.mdx': '---\nopenapi: post /v1/schemas/write\n---\n' },
      { 'a.swagger.json': swagger, 'openapi.json': openapi },
    );
    expect(result.manifest?.pages[0]).toMatchObject({
      title: 'Write a schema (3.0)',
      operation: { specFile: 'openapi.json', method: 'POST', path: '/v1/schemas/write' },
    });
    const named = await buildSite(
      siteSourceFromObject({
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'Acme',
          colors: { primary: '#0F766E' },
          navigation: { groups: [{ group: 'API', openapi: 'a.swagger.json' }] },
        }),
        'a.swagger.json': JSON.stringify(swagger),
      }),
      { domain: 'acme' },
    );
    expect(named.diagnostics.map(({ file, severity, ruleId }) => `${file} ${severity} ${ruleId}`)).toContain(
      'a.swagger.json error swagger-spec',
    );
  });
});

describe('MDX pages with frontmatter `openapi-schema`', () => {
  const taxes = {
    openapi: '3.0.3',
    info: { title: 'Taxes', version: '1' },
    paths: {},
    components: {
      schemas: {
        TaxObject: {
          type: 'object',
          description: 'A tax rate applied to invoices.',
          required: ['lago_id', 'rate'],
          properties: {
            lago_id: { type: 'string', format: 'uuid', description: 'Unique identifier of the tax, created by Lago.' },
            rate: { type: 'number', description: 'The percentage rate of the tax.', example: 20 },
            applied_to: {
              type: 'string',
              description: 'What the tax applies to.',
              enum: ['organization', 'customer'],
              default: 'customer',
            },
            customer: { $ref: '#/components/schemas/Customer' },
          },
        },
        Customer: { type: 'object', properties: { external_id: { type: 'string', description: 'Your id.' } } },
      },
    },
  };

  it("show the schema's fields after their own content, in the page Markdown and its search record", async () => {
    const result = await build(
      {
        'tax-object.mdx':
          '---\ntitle: "The tax object"\nopenapi-schema: "TaxObject"\ndescription: "This object represents a tax rate."\n---\n',
        'customer.mdx': '---\ntitle: Customer\nopenapi-schema: openapi.json Customer\n---\n\nA customer.\n',
      },
      { 'openapi.json': taxes },
    );
    expect(result.files.get('pages/tax-object.md')).toBe(
      [
        '# The tax object',
        '',
        '> This object represents a tax rate.',
        '',
        '## TaxObject',
        '',
        'A tax rate applied to invoices.',
        'lago_id (string, required): Unique identifier of the tax, created by Lago.',
        'rate (number, required): The percentage rate of the tax.',
        'applied_to (string, default "customer"): What the tax applies to. One of: organization, customer.',
        'customer (object)',
        'customer.external_id (string): Your id.',
        '',
      ].join('\n'),
    );
    expect(result.files.get('pages/customer.md')).toBe(
      '# Customer\n\nA customer.\n\n## Customer\n\nexternal_id (string): Your id.\n',
    );
    expect(
      result.sectionRecords.find((record) => record.path === 'tax-object' && record.anchor === 'taxobject'),
    ).toMatchObject({ headingPath: ['TaxObject'] });
    expect(diagnostics(result)).toEqual([]);
  });

  it('warn when no loaded spec has the schema, naming the closest, and keep the page content', async () => {
    const result = await build(
      {
        'tax.mdx': '---\ntitle: Tax\nopenapi-schema: TaxObjects\n---\n\nA tax.\n',
        'odd.mdx': '---\ntitle: Odd\nopenapi-schema: openapi.json Tax Object\n---\n',
        'proto.mdx': '---\ntitle: Proto\nopenapi-schema: toString\n---\n',
      },
      { 'openapi.json': taxes },
    );
    expect(result.files.get('pages/tax.md')).toBe('# Tax\n\nA tax.\n');
    expect(diagnostics(result)).toEqual([
      'odd.mdx:1 warning invalid-frontmatter: Unexpected frontmatter `openapi-schema: openapi.json Tax Object`, expected `SchemaName` or `spec-file SchemaName`',
      'proto.mdx:1 warning unknown-schema: Cannot find the schema `toString` in `openapi.json` (frontmatter `openapi-schema`); the page keeps its own content',
      'tax.mdx:1 warning unknown-schema: Cannot find the schema `TaxObjects` in `openapi.json` (frontmatter `openapi-schema`); the page keeps its own content',
    ]);
    expect(result.diagnostics.find((diagnostic) => diagnostic.file === 'tax.mdx')?.hint).toBe(
      'Closest schemas: `TaxObject`, `Customer`.',
    );
  });

  it('warn when an operation key holds no text (a list, a number, a mapping) and build the page without it', async () => {
    const result = await build(
      {
        'tax.mdx': '---\ntitle: Tax\nopenapi: [GET /taxes]\n---\n\nA tax.\n',
        'odd.mdx': '---\ntitle: Odd\napi: 42\nasyncapi: {channel: x}\n---\n\nOdd.\n',
      },
      { 'openapi.json': taxes },
    );
    expect(result.files.get('pages/tax.md')).toBe('# Tax\n\nA tax.\n');
    expect(diagnostics(result)).toEqual([
      'odd.mdx:1 warning invalid-frontmatter: Unexpected mapping for frontmatter `asyncapi`, expected text',
      'odd.mdx:1 warning invalid-frontmatter: Unexpected number for frontmatter `api`, expected text',
      'tax.mdx:1 warning invalid-frontmatter: Unexpected list for frontmatter `openapi`, expected text',
    ]);
  });
});

describe('a page naming a spec that does not hold its operation', () => {
  it('renders the operation from a loaded spec that holds it, as the platform does, with a warning naming it', async () => {
    const bars = (summary: string) => ({
      openapi: '3.0.3',
      info: { title: 'Bars', version: '1' },
      paths: {
        '/api/v2/bars': {
          get: {
            summary,
            parameters: [{ name: 'symbols', in: 'query', schema: { type: 'string' }, description: 'Ticker symbols' }],
            responses: { 200: { description: 'OK' } },
          },
        },
      },
    });
    const result = await build(
      { 'ar/get-bars.mdx': '---\ntitle: Bars (ar)\nopenapi: /ar/openapi/bars.spec.yml GET /api/v2/bars\n---\n' },
      { 'openapi/bars.spec.json': bars('Get bars'), 'ar/openapi/bars_api.spec.json': bars('Get bars (ar)') },
    );
    expect(result.manifest?.pages[0]?.operation).toMatchObject({ specFile: 'ar/openapi/bars_api.spec.json' });
    expect(result.files.get('pages/ar/get-bars.md')).toContain('symbols');
    expect(diagnostics(result)).toEqual([
      'ar/get-bars.mdx:1 warning operation-spec-fallback: Unexpected spec `/ar/openapi/bars.spec.yml` in `/ar/openapi/bars.spec.yml GET /api/v2/bars` (frontmatter `openapi`), expected a loaded spec holding the operation; the page renders it from `ar/openapi/bars_api.spec.json`',
    ]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedSpecs, SpecOperation } from '../../pipeline/openapi/loaded-spec.ts';
import { operationToEndpointContent } from '../../pipeline/endpoints/operation-to-endpoint-content.ts';
import { endpointSlug } from '../../pipeline/navigation/endpoint-slug.ts';
import { loadFixtureSpecs } from './load-fixture-specs.ts';

describe('operationToEndpointContent', () => {
  let specs: LoadedSpecs;
  const operation = (file: string, method: string, path: string): SpecOperation => {
    const found = specs
      .get(file)
      ?.operations.find((candidate) => candidate.method === method && candidate.path === path);
    if (!found) throw new Error(`fixture lacks ${method} ${path}`);
    return found;
  };
  beforeAll(async () => {
    specs = (await loadFixtureSpecs()).result.specs;
  });

  it('spells out a summary that is an operation id, so readers find it by its words', () => {
    const generated = (summary: string): SpecOperation => ({
      method: 'POST',
      path: '/core.v1.SpaceService/ListSpaces',
      operation: {},
      parameters: [],
      tags: [],
      summary,
      hidden: false,
      excluded: false,
      webhook: false,
    });
    expect(operationToEndpointContent(generated('ListSpaces'), 'api/operation').sections[0]?.text).toBe(
      'POST /core.v1.SpaceService/ListSpaces\nListSpaces\nList Spaces',
    );
    expect(operationToEndpointContent(generated('CreateNativeUserV2'), 'api/operation').sections[0]?.text).toContain(
      '\nCreate Native User V 2',
    );
    expect(operationToEndpointContent(generated('List spaces'), 'api/operation').sections[0]?.text).toBe(
      'POST /core.v1.SpaceService/ListSpaces\nList spaces',
    );
    expect(operationToEndpointContent(generated('ListSpaces'), 'api/operation').title).toBe('ListSpaces');
  });

  it('shows each named request-body example as the platform does: its summary (else its name), then its value as code; one without a value is left out', () => {
    const content = operationToEndpointContent(
      {
        method: 'POST',
        path: '/v1/chat',
        operation: {
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { query: { type: 'string' } } },
                examples: {
                  streaming: { summary: 'Streaming  mode', value: { query: 'Hi', response_mode: 'streaming' } },
                  bare: { value: { query: 'Hello' } },
                  linked: { summary: 'From a file', externalValue: 'https://example.com/chat.json' },
                },
              },
              'application/xml': { examples: { xml: { summary: 'As XML', value: '<chat><query>Hi</query></chat>' } } },
            },
          },
        },
        parameters: [],
        tags: [],
        summary: 'Chat',
        hidden: false,
        excluded: false,
        webhook: false,
      },
      'api/operation',
    );
    expect(content.sections.find((section) => section.anchor === 'request-body')?.text).toBe(
      [
        'query (string)',
        'Example: Streaming mode',
        '```json',
        '{\n  "query": "Hi",\n  "response_mode": "streaming"\n}',
        '```',
        'Example: bare',
        '```json',
        '{\n  "query": "Hello"\n}',
        '```',
        'Example: As XML',
        '```xml',
        '<chat><query>Hi</query></chat>',
        '```',
      ].join('\n'),
    );
  });

  it('cuts a long request-body example at a line break and shows at most ten examples', () => {
    const examples = Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [
        `example-${index}`,
        { value: { items: Array.from({ length: index === 0 ? 2_000 : 1 }, (__, item) => `item ${item}`) } },
      ]),
    );
    const text =
      operationToEndpointContent(
        {
          method: 'POST',
          path: '/v1/items',
          operation: { requestBody: { content: { 'application/json': { examples } } } },
          parameters: [],
          tags: [],
          hidden: false,
          excluded: false,
          webhook: false,
        },
        'api/operation',
      ).sections.find((section) => section.anchor === 'request-body')?.text ?? '';
    expect(text.match(/^Example: /gm)).toHaveLength(10);
    const first = text.slice(0, text.indexOf('Example: example-1'));
    expect(first.length).toBeLessThan(4_100);
    expect(first).toMatch(/"item \d+",\n…\n```\n$/);
  });

  it('takes the title and description of x-mint.metadata and shows x-mint.content before the reference, code as code', () => {
    const content = operationToEndpointContent(
      {
        method: 'POST',
        path: '/v1/orders/{id}/invoice',
        operation: {
          'x-mint': {
            metadata: {
              title: 'Generate an invoice',
              description: 'Makes the invoice of an order. It is permanent.',
              sidebarTitle: 'Invoice',
            },
            content:
              '<Warning>\n  Once generated, an invoice **cannot** be changed.\n</Warning>\n\n```bash\ncurl -X POST /v1/orders/1/invoice\n```\n\n## Prerequisites\n\nThe order must be paid.\n',
          },
        },
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        tags: [],
        summary: 'Generate Order Invoice',
        description: 'Trigger generation of an order invoice.',
        hidden: false,
        excluded: false,
        webhook: false,
      },
      'api/operation',
    );
    expect(content.title).toBe('Generate an invoice');
    expect(content.description).toBe('Makes the invoice of an order.');
    expect(content.headings.map((heading) => heading.anchor)).toEqual(['prerequisites', 'parameters']);
    expect(
      content.sections
        .map((section) => `## ${section.headingPath.join(' › ') || '(intro)'}\n${section.text}`)
        .join('\n'),
    ).toMatchInlineSnapshot(`
      "## (intro)
      POST /v1/orders/{id}/invoice
      Generate Order Invoice
      Makes the invoice of an order. It is permanent.
      Once generated, an invoice cannot be changed.
      \`\`\`bash
      curl -X POST /v1/orders/1/invoice
      \`\`\`
      ## Prerequisites
      The order must be paid.
      ## Parameters
      id (path, string, required)"
    `);
  });

  it('makes summary, description, parameters, nested response fields and statuses searchable', () => {
    const content = operationToEndpointContent(operation('shop.yaml', 'GET', '/products'), 'api/operation');
    expect(content.title).toBe('List products');
    expect(content.description).toBe('Returns the products of the shop.');
    expect(
      content.sections
        .map((section) => `## ${section.headingPath.join(' › ') || '(intro)'}\n${section.text}`)
        .join('\n'),
    ).toMatchInlineSnapshot(`
      "## (intro)
      GET /products
      Base URL: https://api.shop.example/v2
      Request URL: https://api.shop.example/v2/products
      List products
      Returns the products of the shop. Results are paginated.
      ## Parameters
      limit (query, integer, default 20): How many products to return.
      ## Responses
      200: A page of products.
      [].id (string, required): Unique id.
      [].name (string, required): Display name.
      [].price (number): Price in cents.
      [].status (string): One of: draft, live.
      [].variants (object[])"
    `);
    expect(content.headings.map((heading) => heading.anchor)).toEqual(['parameters', 'responses']);
    expect(content.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists request body fields with types, requirement, enums and nested arrays (OpenAPI 3 and Swagger 2 body parameters)', () => {
    const create = operationToEndpointContent(operation('shop.yaml', 'POST', '/products'), 'api/operation');
    expect(create.sections.find((section) => section.anchor === 'request-body')?.text).toMatchInlineSnapshot(`
      "The new product.
      id (string, required): Unique id.
      name (string, required): Display name.
      price (number): Price in cents.
      status (string): One of: draft, live.
      variants (object[])
      variants[].sku (string, required): Stock keeping unit.
      variants[].stock (integer)
      Example: Request body (from the schema)
      \`\`\`json
      {
        "id": "<string>",
        "name": "<string>",
        "price": 123,
        "status": "draft",
        "variants": [
          {
            "sku": "<string>",
            "stock": 123
          }
        ]
      }
      \`\`\`"
    `);
    const addPet = operationToEndpointContent(operation('pets.json', 'POST', '/pets'), 'api/operation');
    expect(addPet.sections.find((section) => section.anchor === 'request-body')?.text).toMatch(
      /^name \(string, required\): The pet's name\.\ntag \(string\)\nExample: Request body \(from the schema\)\n/,
    );
  });

  it('derives a slug from method and path when there is no summary, and titles the page from its slug as the platform does', () => {
    const patch = operation('shop.yaml', 'PATCH', '/products/{productId}');
    expect(endpointSlug(patch)).toBe('api-reference/products/patch-products');
    // `generateOpenApiPages`: `slugToTitle` of the file name, so the path parameter is not in the title either.
    expect(operationToEndpointContent(patch, endpointSlug(patch)).title).toBe('Patch products');
    expect(endpointSlug(operation('shop.yaml', 'POST', '/products'), 'store')).toBe('store/products/create-a-product!');
    expect(endpointSlug(operation('shop.yaml', 'GET', '/health'))).toBe('api-reference/health-check');
  });

  it('names routes as the platform does: underscores and letters kept, parameters, brackets, dots and quotes removed', () => {
    const named = (summary: string, tag: string): string =>
      endpointSlug({ ...operation('shop.yaml', 'GET', '/products'), summary, tags: [tag] });
    expect(named('Validate License Key', 'customer_portal')).toBe('api-reference/customer_portal/validate-license-key');
    expect(named("Get a user's info (v2)", 'License Keys')).toBe('api-reference/license-keys/get-a-users-info-v2');
    expect(named('Read / write', 'Café')).toBe('api-reference/café/read-write');
    expect(named('What? #1 at 100%', 'Misc')).toBe('api-reference/misc/what-1-at-100');
    const { summary, ...unsummarized } = operation('shop.yaml', 'GET', '/products');
    expect(summary).toBeDefined();
    const webhook = { ...unsummarized, webhook: true, path: 'order.created', tags: [] };
    expect(endpointSlug(webhook)).toBe('api-reference/ordercreated');
  });

  it('takes the route an operation sets with x-mint href, whatever its tag, summary and directory', () => {
    const withHref = (href: unknown): string =>
      endpointSlug({ ...operation('shop.yaml', 'GET', '/products'), operation: { 'x-mint': { href } } }, 'store');
    expect(withHref('/en/api-reference/chat-messages/send-chat-message')).toBe(
      'en/api-reference/chat-messages/send-chat-message',
    );
    expect(withHref('api/chat.mdx')).toBe('api/chat');
    expect(withHref('/')).toBe('store/products/list-products');
    expect(withHref(42)).toBe('store/products/list-products');
  });

  it('names the branch types of an untyped anyOf field and writes no empty brackets for a field without type', () => {
    const schema = {
      type: 'object',
      required: ['key'],
      properties: {
        key: { type: 'string' },
        activation_id: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] },
        meta: { description: 'Anything.' },
      },
    };
    const validate = {
      ...operation('shop.yaml', 'POST', '/products'),
      operation: { requestBody: { content: { 'application/json': { schema } } } },
    };
    expect(
      operationToEndpointContent(validate, 'api/operation')
        .sections.find((section) => section.anchor === 'request-body')
        ?.text.split('\nExample: ')[0],
    ).toBe('key (string, required)\nactivation_id (string | null)\nmeta: Anything.');
  });

  it('changes the content hash when the operation changes', () => {
    const list = operation('shop.yaml', 'GET', '/products');
    const changed = { ...list, description: 'Something else.' };
    expect(operationToEndpointContent(changed, 'api/operation').contentHash).not.toBe(
      operationToEndpointContent(list, 'api/operation').contentHash,
    );
    expect(operationToEndpointContent(list, 'api/operation').contentHash).toBe(
      operationToEndpointContent({ ...list }, 'api/operation').contentHash,
    );
  });
});

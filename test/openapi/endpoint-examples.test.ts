import { describe, expect, it } from 'vitest';
import { operationToEndpointContent } from '../../pipeline/endpoints/operation-to-endpoint-content.ts';
import type { SpecOperation } from '../../pipeline/openapi/loaded-spec.ts';

/** The text of one section (by anchor) of the endpoint page of an in-memory operation object. */
function sectionText(operation: Record<string, unknown>, anchor: string): string | undefined {
  const spec: SpecOperation = {
    method: 'POST',
    path: '/v1/invoices',
    operation,
    parameters: (operation.parameters as Record<string, unknown>[] | undefined) ?? [],
    tags: [],
    summary: 'Create an invoice',
    hidden: false,
    excluded: false,
    webhook: false,
  };
  return operationToEndpointContent(spec, 'api/operation').sections.find((section) => section.anchor === anchor)?.text;
}

const invoiceSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The invoice id.' }, total: { type: 'integer' } },
};

describe('examples of endpoint pages, as the platform picks them', () => {
  it('shows each response’s examples under its status: named ones by summary, else the one example, else the schema’s', () => {
    const text = sectionText(
      {
        responses: {
          200: {
            description: 'The invoice. It is final.',
            content: {
              'application/json': {
                schema: invoiceSchema,
                examples: {
                  paid: { summary: 'A paid invoice', value: { id: 'inv_1', total: 1200 } },
                  draft: { value: { id: 'inv_2', total: 0 } },
                  linked: { summary: 'From a file', externalValue: 'https://example.com/invoice.json' },
                },
              },
            },
          },
          201: {
            description: 'Created',
            content: { 'application/json': { schema: invoiceSchema, example: { id: 'inv_3' } } },
          },
          404: {
            description: 'No such invoice',
            content: { 'application/json': { schema: { type: 'object', example: { error: 'not_found' } } } },
          },
          429: { description: 'Slow down', content: { 'text/plain': { example: 'Too many requests' } } },
          500: { description: 'Failed', content: { 'application/json': { schema: invoiceSchema } } },
        },
      },
      'responses',
    );
    expect(text).toMatchInlineSnapshot(`
      "200: The invoice. It is final.
      id (string, required): The invoice id.
      total (integer)
      Example: 200 · A paid invoice
      \`\`\`json
      {
        "id": "inv_1",
        "total": 1200
      }
      \`\`\`
      Example: 200 · draft
      \`\`\`json
      {
        "id": "inv_2",
        "total": 0
      }
      \`\`\`
      201: Created
      id (string, required): The invoice id.
      total (integer)
      Example: 201 · Created
      \`\`\`json
      {
        "id": "inv_3"
      }
      \`\`\`
      404: No such invoice
      Example: 404 · No such invoice
      \`\`\`json
      {
        "error": "not_found"
      }
      \`\`\`
      429: Slow down
      Example: 429 · Slow down
      \`\`\`
      Too many requests
      \`\`\`
      500: Failed
      id (string, required): The invoice id.
      total (integer)"
    `);
  });

  it('bounds response examples as request ones: ten per response, each cut at a line break near 4,000 characters', () => {
    const examples = Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [
        `example-${index}`,
        { value: { lines: Array.from({ length: index === 0 ? 2_000 : 1 }, (__, line) => `line ${line}`) } },
      ]),
    );
    const text =
      sectionText({ responses: { 200: { content: { 'application/json': { examples } } } } }, 'responses') ?? '';
    expect(text.match(/^Example: 200 · /gm)).toHaveLength(10);
    const first = text.slice(0, text.indexOf('Example: 200 · example-1'));
    expect(first.length).toBeLessThan(4_100);
    expect(first).toMatch(/"line \d+",\n…\n```\n$/);
  });

  it('shows a request body’s one example, else its schema’s, else the example the platform builds from the schema', () => {
    const body = (media: Record<string, unknown>): string | undefined =>
      sectionText({ requestBody: { content: { 'application/json': media } } }, 'request-body');
    expect(body({ schema: invoiceSchema, example: { id: 'inv_5' } })).toContain(
      'Example: Request body\n```json\n{\n  "id": "inv_5"\n}\n```',
    );
    expect(body({ schema: { ...invoiceSchema, examples: [{ id: 'inv_6' }] } })).toContain(
      'Example: Request body\n```json\n{\n  "id": "inv_6"\n}\n```',
    );
    expect(body({ schema: invoiceSchema })).toContain(
      'Example: Request body (from the schema)\n```json\n{\n  "id": "<string>",\n  "total": 123\n}\n```',
    );
  });

  it('builds no example for a response without one', () => {
    expect(
      sectionText(
        { responses: { 200: { description: 'OK', content: { 'application/json': { schema: invoiceSchema } } } } },
        'responses',
      ),
    ).toBe('200: OK\nid (string, required): The invoice id.\ntotal (integer)');
  });

  it('shows the operation’s x-codeSamples as titled code blocks, and x-code-samples when there are none', () => {
    const samples = [
      { lang: 'bash', label: 'cURL', source: 'curl -X POST https://api.example.com/v1/invoices\n' },
      { lang: 'Python', source: 'client.invoices.create(total=1200)' },
      { lang: 'go', label: 'Go `SDK`', source: 'client.Invoices.New(ctx)' },
      { lang: 'ruby' },
      'not a sample',
    ];
    expect(sectionText({ 'x-codeSamples': samples }, 'code-samples')).toBe(
      [
        '```bash cURL',
        'curl -X POST https://api.example.com/v1/invoices',
        '```',
        '```Python',
        'client.invoices.create(total=1200)',
        '```',
        '```go Go SDK',
        'client.Invoices.New(ctx)',
        '```',
      ].join('\n'),
    );
    expect(sectionText({ 'x-code-samples': [{ lang: 'js', source: 'invoices.create()' }] }, 'code-samples')).toBe(
      '```js\ninvoices.create()\n```',
    );
    expect(sectionText({ 'x-codeSamples': 'curl …' }, 'code-samples')).toBeUndefined();
  });
});

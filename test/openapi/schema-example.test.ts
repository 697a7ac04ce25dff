import { describe, expect, it } from 'vitest';
import { schemaExample } from '../../pipeline/endpoints/schema-example.ts';

describe('schemaExample', () => {
  it('builds the value the platform builds from a schema (generateExampleFromSchema of @mintlify/validation)', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', example: 'Acme' },
        id: { type: 'string', format: 'uuid' },
        created: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
        rating: { type: 'integer', minimum: 1, maximum: 9 },
        ratio: { type: 'number', maximum: 1 },
        kind: { type: 'string', enum: ['a', 'b'] },
        label: { type: 'string', examples: ['first', 'second'] },
        retries: { type: 'integer', default: 3 },
        active: { type: 'boolean' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        cleared: { anyOf: [{ type: 'null' }, { type: 'integer' }] },
        either: { type: ['null', 'string'] },
        shape: { oneOf: [{ type: 'object', properties: { k: { type: 'string' } } }, { type: 'integer' }] },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        anything: {},
        merged: {
          allOf: [
            { type: 'object', properties: { p: { type: 'string' } }, example: { p: 'x' } },
            { type: 'object', properties: { q: { type: 'integer' } }, example: { q: 1 } },
          ],
        },
        composed: {
          allOf: [
            { type: 'object', properties: { p: { type: 'string' } } },
            { properties: { q: { type: 'integer' } } },
          ],
        },
        secret: { type: 'string', writeOnly: true },
        server: { type: 'string', readOnly: true },
      },
    };
    // What @mintlify/validation 0.1.878 returns for the same schema (run on it), `secret`/`server` by direction.
    const expected = {
      name: 'Acme',
      id: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
      created: '2023-11-07T05:31:56Z',
      tags: ['<string>'],
      rating: 5,
      ratio: 0,
      kind: 'a',
      label: 'first',
      retries: 3,
      active: true,
      note: '<string>',
      cleared: null,
      either: null,
      shape: { k: '<string>' },
      map: {},
      anything: '<any>',
      merged: { p: 'x', q: 1 },
      composed: { p: '<string>', q: 123 },
    };
    expect(schemaExample(schema, 'request')).toEqual({ ...expected, secret: '<string>' });
    expect(schemaExample(schema, 'response')).toEqual({ ...expected, server: '<string>' });
  });

  it('stops where a circular schema repeats and keeps a deep or wide schema bounded', () => {
    const node: Record<string, unknown> = { type: 'object', properties: { name: { type: 'string' } } };
    (node.properties as Record<string, unknown>).children = { type: 'array', items: node };
    expect(schemaExample(node, 'response')).toEqual({ name: '<string>', children: ['<any>'] });

    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 20; level += 1) deep = { type: 'object', properties: { next: deep } };
    expect(JSON.stringify(schemaExample(deep, 'response')).match(/next/g)).toHaveLength(6);

    const wide = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 1_000 }, (_, index) => [`field${index}`, { type: 'string' }]),
      ),
    };
    expect(Object.keys(schemaExample(wide, 'response') as object).length).toBeLessThan(400);
  });
});

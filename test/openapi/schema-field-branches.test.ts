import { describe, expect, it } from 'vitest';
import { MAX_BRANCH_FIELDS, MAX_BRANCHES, schemaFields } from '../../pipeline/endpoints/schema-fields.ts';

describe('schemaFields: oneOf/anyOf alternatives', () => {
  it('lists every alternative’s fields, labelled by its title, and names the titled alternatives in the type', () => {
    const schema = {
      type: 'object',
      properties: {
        template: {
          oneOf: [
            {
              title: 'CompletionPrompt',
              type: 'object',
              properties: {
                type: { const: 'completion' },
                content: { type: 'string', description: 'The completion text.' },
              },
            },
            {
              title: 'ChatPrompt',
              type: 'object',
              required: ['messages'],
              properties: {
                type: { const: 'chat' },
                messages: {
                  type: 'array',
                  items: { type: 'object', properties: { role: { type: 'string' } } },
                  description: 'The chat messages, in order.',
                },
              },
            },
          ],
        },
      },
    };
    expect(schemaFields(schema)).toEqual([
      'template (CompletionPrompt · object | ChatPrompt · object)',
      'template.type (option CompletionPrompt)',
      'template.content (string, option CompletionPrompt): The completion text.',
      'template.type (option ChatPrompt)',
      'template.messages (object[], required, option ChatPrompt): The chat messages, in order.',
      'template.messages[].role (string, option ChatPrompt)',
    ]);
  });

  it('numbers untitled alternatives as the platform does, counting those without fields, and labels nothing when one has fields', () => {
    const body = {
      anyOf: [
        { type: 'null' },
        { type: 'object', properties: { id: { type: 'string' } } },
        { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' } } } },
      ],
    };
    expect(schemaFields(body)).toEqual(['id (string, option 2)', 'ids (string[], option 3)']);
    // `anyOf: [object, null]` (an optional object): its fields, as before, without a label.
    const optional = {
      properties: { user: { anyOf: [{ type: 'null' }, { properties: { name: { type: 'string' } } }] } },
    };
    expect(schemaFields(optional)).toEqual(['user (null | object)', 'user.name (string)']);
  });

  it('keeps the parent’s own and allOf fields unlabelled, lists alternatives after the fields around them, nested ones labelled with their path of options', () => {
    const schema = {
      allOf: [{ properties: { id: { type: 'string' } } }],
      properties: { kind: { type: 'string', enum: ['a', 'b'], description: 'The kind' } },
      oneOf: [
        {
          title: 'A',
          properties: {
            a: { type: 'string' },
            detail: { oneOf: [{ properties: { x: { type: 'integer' } } }, { properties: { y: { type: 'integer' } } }] },
          },
        },
        { title: 'B', properties: { b: { type: 'string' } } },
      ],
    };
    expect(schemaFields(schema)).toEqual([
      'kind (string): The kind. One of: a, b.',
      'id (string)',
      'a (string, option A)',
      'detail (object, option A)',
      'b (string, option B)',
      'detail.x (integer, option A › 1)',
      'detail.y (integer, option A › 2)',
    ]);
  });

  it('lists only what an alternative adds when it extends its parent (allOf back to it), as discriminated schemas do', () => {
    const pet: Record<string, unknown> = { type: 'object', properties: { kind: { type: 'string' } } };
    const cat = { title: 'Cat', allOf: [pet, { properties: { whiskers: { type: 'integer' } } }] };
    const dog = { title: 'Dog', allOf: [pet, { properties: { bark: { type: 'string' } } }] };
    pet.oneOf = [cat, dog];
    expect(schemaFields(pet)).toEqual(['kind (string)', 'whiskers (integer, option Cat)', 'bark (string, option Dog)']);
  });

  it('lists at most MAX_BRANCHES alternatives and MAX_BRANCH_FIELDS lines of each, names at most 12 alternative types, and stops at a circular alternative', () => {
    const wide = (count: number): Record<string, unknown> =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index}`, { type: 'string' }]));
    const branches = Array.from({ length: MAX_BRANCHES + 2 }, (_, index) => ({
      title: `B${index}`,
      properties: wide(index === 0 ? MAX_BRANCH_FIELDS + 10 : 1),
    }));
    const lines = schemaFields({ oneOf: branches });
    expect(lines.filter((line) => line.endsWith('option B0)'))).toHaveLength(MAX_BRANCH_FIELDS);
    expect(new Set(lines.map((line) => /option (B\d+)/.exec(line)?.[1])).size).toBe(MAX_BRANCHES);

    const union = schemaFields({
      properties: {
        part: { oneOf: Array.from({ length: 14 }, (_, index) => ({ title: `P${index}`, type: 'string' })) },
      },
    });
    expect(union[0]).toBe(`part (${Array.from({ length: 12 }, (_, index) => `P${index} · string`).join(' | ')} | …)`);

    const node: Record<string, unknown> = { title: 'Node', properties: { name: { type: 'string' } } };
    node.properties = {
      ...(node.properties as object),
      next: { oneOf: [node, { title: 'End', properties: { end: { type: 'boolean' } } }] },
    };
    expect(schemaFields(node)).toEqual(['name (string)', 'next (Node · object | End · object)', 'next.end (boolean)']);
  });
});

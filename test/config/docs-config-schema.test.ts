import { describe, expect, it } from 'vitest';
import docsSchema from '../../schemas/docs.schema.json' with { type: 'json' };
import type { DocsConfig } from '../../schemas/docs-config.ts';

// The TypeScript view of docs.json (schemas/docs-config.ts) is checked against schemas/docs.schema.json rather
// than generated from it: the schema is 1,700 lines of settings the pipeline never reads, while the pipeline reads a
// dozen members. The compiler forces `shape` to list every member a type declares (with its JSON type and
// whether it is required); this test then checks each listed member against the schema, so they cannot drift.

type JsonType = 'string' | 'number' | 'boolean' | 'array' | 'object';
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
type JsonTypeOf<V> = V extends string ? 'string' : V extends number ? 'number' : V extends boolean ? 'boolean' : V extends readonly unknown[] ? 'array' : 'object';
type RequiredKeys<T> = { [K in KnownKeys<T>]-?: object extends Pick<T, K> ? never : K }[KnownKeys<T>];
/** Every declared member of `T` with its JSON type(s), and the list of its required members. */
interface Shape<T> {
  types: { [K in KnownKeys<T>]-?: readonly JsonTypeOf<NonNullable<T[K]>>[] };
  required: readonly RequiredKeys<T>[];
}
type SchemaNode = { type?: JsonType | JsonType[]; enum?: unknown[]; $ref?: string; oneOf?: SchemaNode[]; anyOf?: SchemaNode[]; properties?: Record<string, SchemaNode>; items?: SchemaNode; required?: string[] };
type Redirect = NonNullable<DocsConfig['redirects']>[number];

const shapes = {
  '': {
    types: { $schema: ['string'], theme: ['string'], name: ['string'], description: ['string'], colors: ['object'], navigation: ['object'], redirects: ['array'], api: ['object'], seo: ['object'], search: ['object'], errors: ['object'] },
    required: ['theme', 'name', 'colors', 'navigation'],
  } satisfies Shape<DocsConfig>,
  '/colors': { types: { primary: ['string'], light: ['string'], dark: ['string'] }, required: ['primary'] } satisfies Shape<DocsConfig['colors']>,
  '/redirects/items': { types: { source: ['string'], destination: ['string'], permanent: ['boolean'] }, required: ['source', 'destination'] } satisfies Shape<Redirect>,
  '/seo': { types: { metatags: ['object'], indexing: ['string'] }, required: [] } satisfies Shape<NonNullable<DocsConfig['seo']>>,
  '/search': { types: { prompt: ['string'] }, required: [] } satisfies Shape<NonNullable<DocsConfig['search']>>,
  '/api': { types: { openapi: ['string', 'array', 'object'], asyncapi: ['string', 'array', 'object'] }, required: [] } satisfies Shape<NonNullable<DocsConfig['api']>>,
};

const root = docsSchema as SchemaNode & { $defs: Record<string, SchemaNode> };

function resolve(node: SchemaNode): SchemaNode {
  return node.$ref ? resolve(root.$defs[node.$ref.replace('#/$defs/', '')] ?? {}) : node;
}

/** The JSON types a schema node accepts (through `$ref`, `oneOf`/`anyOf` and `enum`). */
function typesOf(node: SchemaNode): Set<string> {
  const resolved = resolve(node);
  const found = new Set<string>([resolved.type ?? []].flat());
  for (const value of resolved.enum ?? []) found.add(Array.isArray(value) ? 'array' : typeof value);
  for (const choice of [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) for (const type of typesOf(choice)) found.add(type);
  return found;
}

function schemaAt(pointer: string): SchemaNode {
  let node: SchemaNode = root;
  for (const part of pointer.split('/').slice(1)) {
    const resolved = resolve(node);
    node = (part === 'items' ? resolved.items : resolved.properties?.[part]) ?? {};
  }
  return resolve(node);
}

describe('schemas/docs-config.ts against schemas/docs.schema.json', () => {
  it.each(Object.entries(shapes))('types the members of %s as the schema does', (pointer, shape) => {
    const schema = schemaAt(pointer);
    for (const [member, types] of Object.entries(shape.types)) {
      const property = schema.properties?.[member];
      expect(property, `${pointer}/${member} is in the schema`).toBeDefined();
      expect([...typesOf(property ?? {})].sort(), `${pointer}/${member}`).toEqual([...types].sort());
    }
    expect([...shape.required].sort()).toEqual([...(schema.required ?? [])].sort());
  });
});

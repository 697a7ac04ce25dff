import { describe, expect, it } from 'vitest';
import docsSchema from '../../schemas/docs.schema.json' with { type: 'json' };
import type { DocsConfig } from '../../schemas/docs-config.ts';
import { schemaAt, typesOf, type MemberTypes, type RequiredKeys, type SchemaNode } from '../helpers/schema-shape.ts';

// The TypeScript view of docs.json (schemas/docs-config.ts) is checked against schemas/docs.schema.json rather
// than generated from it: the schema is 1,700 lines of settings the pipeline never reads, while the pipeline reads a
// dozen members. The compiler forces `shape` to list every member a type declares (with its JSON type and
// whether it is required); this test then checks each listed member against the schema, so they cannot drift.

/** The members of `T` the pipeline reads, with their JSON types, and its required members (the schema may declare more). */
interface Shape<T> {
  types: MemberTypes<T>;
  required: readonly RequiredKeys<T>[];
}
type Redirect = NonNullable<DocsConfig['redirects']>[number];

const shapes = {
  '': {
    types: {
      $schema: ['string'],
      theme: ['string'],
      name: ['string'],
      description: ['string'],
      colors: ['object'],
      navigation: ['object'],
      redirects: ['array'],
      api: ['object'],
      seo: ['object'],
      search: ['object'],
      errors: ['object'],
    },
    required: ['theme', 'name', 'colors', 'navigation'],
  } satisfies Shape<DocsConfig>,
  '/colors': {
    types: { primary: ['string'], light: ['string'], dark: ['string'] },
    required: ['primary'],
  } satisfies Shape<DocsConfig['colors']>,
  '/redirects/items': {
    types: { source: ['string'], destination: ['string'], permanent: ['boolean'] },
    required: ['source', 'destination'],
  } satisfies Shape<Redirect>,
  '/seo': { types: { metatags: ['object'], indexing: ['string'] }, required: [] } satisfies Shape<
    NonNullable<DocsConfig['seo']>
  >,
  '/search': { types: { prompt: ['string'] }, required: [] } satisfies Shape<NonNullable<DocsConfig['search']>>,
  '/api': {
    types: { openapi: ['string', 'array', 'object'], asyncapi: ['string', 'array', 'object'] },
    required: [],
  } satisfies Shape<NonNullable<DocsConfig['api']>>,
};

const root = docsSchema as SchemaNode;

describe('schemas/docs-config.ts against schemas/docs.schema.json', () => {
  it.each(Object.entries(shapes))('types the members of %s as the schema does', (pointer, shape) => {
    const schema = schemaAt(root, pointer.replace(/\/(?!items\b)([^/]+)/g, '/properties/$1'));
    for (const [member, types] of Object.entries(shape.types)) {
      const property = schema.properties?.[member];
      expect(property, `${pointer}/${member} is in the schema`).toBeDefined();
      expect([...typesOf(root, property ?? {})].sort(), `${pointer}/${member}`).toEqual([...types].sort());
    }
    expect([...shape.required].sort()).toEqual([...(schema.required ?? [])].sort());
  });
});

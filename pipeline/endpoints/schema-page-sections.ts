import { headingAnchor } from '../content/anchor-slugger.ts';
import type { PageSection } from '../content/parsed-page.ts';
import { descriptionLines } from './description-text.ts';
import { schemaFields } from './schema-fields.ts';

/**
 * The text a page with frontmatter `openapi-schema` shows after its MDX: one section under the schema's name with
 * the schema's description, then its fields one a line as a request body's (`name (type, required, default 1): text
 * One of: a, b.`, nested fields with dotted paths) — the platform renders the schema with the fields of its
 * endpoint pages.
 */
export function schemaPageSections(name: string, schema: Record<string, unknown>): PageSection[] {
  const text = [...descriptionLines(schema.description), ...schemaFields(schema)].join('\n');
  return [{ anchor: headingAnchor(name), headingPath: [name], text }];
}

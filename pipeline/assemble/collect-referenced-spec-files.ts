import type { ParsedPage } from '../content/parsed-page.ts';
import { findSpecFile } from '../openapi/find-spec-file.ts';
import { pageSpecReference } from '../openapi/page-spec-reference.ts';
import { parseSchemaReference } from '../openapi/resolve-schema-reference.ts';
import { specNameOfReference } from '../site-model/operation-reference.ts';

/**
 * The site files of the specs that navigation entries and page frontmatter name (`/es/openapi.json GET /x`,
 * `openapi-schema: "openapi.json TaxObject"`),
 * with or without leading slash or extension, or relative to the page (`../api.json`), so they load even when
 * docs.json never mentions them.
 */
export function collectReferencedSpecFiles(
  navigationSpecNames: Iterable<string>,
  pages: Iterable<ParsedPage>,
  exists: (file: string) => boolean,
): string[] {
  const names = [...navigationSpecNames];
  for (const page of pages) {
    const reference = page.frontmatter.openapi;
    const name =
      typeof reference === 'string' ? specNameOfReference(pageSpecReference(reference, page.file)) : undefined;
    if (name) names.push(name);
    const schemaReference = page.frontmatter['openapi-schema'];
    const schemaSpec =
      typeof schemaReference === 'string' ? parseSchemaReference(schemaReference)?.specName : undefined;
    if (schemaSpec) names.push(schemaSpec);
  }
  return [...new Set(names.flatMap((name) => findSpecFile(name, exists) ?? []))];
}

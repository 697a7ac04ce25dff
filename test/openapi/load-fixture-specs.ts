import path from 'node:path';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { loadOpenApiSpecs } from '../../pipeline/openapi/load-openapi-specs.ts';
import type { SiteSource } from '../../pipeline/site/site-source.ts';
import { collectSpecReferences } from '../../pipeline/site-model/collect-spec-references.ts';

/** The folder of the OpenAPI fixture site (docs.json naming good, broken, missing and remote specs). */
export const openapiFixtureDir = path.resolve(import.meta.dirname, '../fixtures/openapi');

/** Reads the fixture site and loads its specs as the build does, without network. */
export async function loadFixtureSpecs(): Promise<{
  source: SiteSource;
  result: Awaited<ReturnType<typeof loadOpenApiSpecs>>;
}> {
  const source = await readSiteSource(openapiFixtureDir);
  const config = JSON.parse(source.files.get('docs.json') ?? '{}') as Record<string, unknown>;
  return { source, result: await loadOpenApiSpecs({ specReferences: collectSpecReferences(config), source }) };
}

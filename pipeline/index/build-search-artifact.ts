import { buildSearchModel, type SearchArtifact, type SectionRecord } from '../../runtime/search/index.ts';

/**
 * Builds the search artifact of a site from the section records of its indexed pages. Delegates to
 * runtime/search so that index-time and query-time text preparation are one code.
 */
export function buildSearchArtifact(records: SectionRecord[], defaults: { defaultLanguage?: string; defaultVersion?: string } = {}): SearchArtifact {
  return buildSearchModel(records, {
    ...(defaults.defaultLanguage ? { language: defaults.defaultLanguage } : {}),
    ...(defaults.defaultVersion ? { version: defaults.defaultVersion } : {}),
  });
}

import {
  buildSearchModel,
  type PrepareTerms,
  type SearchArtifact,
  type SectionRecord,
} from '../../contract/search/index.ts';

/**
 * Builds the search artifact of a site from the section records of its indexed pages (`buildSite` calls it once per
 * build). Delegates to the contract layer's `buildSearchModel`, so that index-time and query-time text preparation
 * are one code. `prepare` defaults to the contract's `prepareTerms`; the CLI passes a content-hash memo of it.
 */
export function buildSearchArtifact(
  records: SectionRecord[],
  defaults: { defaultLanguage?: string; defaultVersion?: string } = {},
  prepare?: PrepareTerms,
): SearchArtifact {
  return buildSearchModel(
    records,
    {
      ...(defaults.defaultLanguage ? { language: defaults.defaultLanguage } : {}),
      ...(defaults.defaultVersion ? { version: defaults.defaultVersion } : {}),
    },
    prepare,
  );
}

export { fenceCode, textLines, withoutCodeFences, withoutItemMark, type TextLine } from './code-fences.ts';
export {
  buildSearchModel,
  FIELD_WEIGHTS,
  PREPARED_TERMS_FORMAT,
  prepareTerms,
  type PrepareTerms,
} from './build-search-model.ts';
export { prepareText } from './prepare-text.ts';
export {
  SEARCH_ARTIFACT_FORMAT_VERSION,
  SearchArtifactError,
  type ContentSection,
  type PageReference,
  type SearchArtifact,
  type SearchEmbeddings,
  type SectionBody,
  type SectionTerms,
  type SectionVector,
} from './search-artifact.ts';
export type { PageContext, SectionRecord } from './section-record.ts';
export { parseSearchArtifactText, serializeSearchArtifact } from './search-artifact-text.ts';

import bm25 from 'wink-bm25-text-search';
import { splitPreparedTerms } from './build-search-model.ts';
import { SEARCH_ARTIFACT_FORMAT_VERSION, SearchArtifactError, type SearchArtifact } from './search-artifact.ts';
import type { SectionRecord } from './section-record.ts';

/** A search artifact ready to answer queries. */
export interface SearchIndex {
  defaults: { language?: string; version?: string };
  sections: SectionRecord[];
  engine: ReturnType<typeof bm25> | undefined;
  /** Whether any section carries a version / a language (filters only apply when they do). */
  hasVersions: boolean;
  hasLanguages: boolean;
}

/**
 * Loads a parsed search artifact (search.json): checks its format version and shape and imports the BM25
 * model. Throws a SearchArtifactError with a plain message when the artifact is corrupt.
 */
export function loadSearchIndex(artifact: unknown): SearchIndex {
  if (!artifact || typeof artifact !== 'object') throw new SearchArtifactError('search artifact is not a JSON object');
  const candidate = artifact as Partial<SearchArtifact>;
  if (candidate.formatVersion !== SEARCH_ARTIFACT_FORMAT_VERSION) {
    throw new SearchArtifactError(`search artifact format ${JSON.stringify(candidate.formatVersion)} is not supported (expected ${SEARCH_ARTIFACT_FORMAT_VERSION}); rebuild the site`);
  }
  if (!Array.isArray(candidate.sections) || !(candidate.model === null || typeof candidate.model === 'string')) {
    throw new SearchArtifactError('search artifact has no sections or model');
  }
  for (const section of candidate.sections) {
    if (!section || typeof section.path !== 'string' || typeof section.text !== 'string' || !Array.isArray(section.headingPath) || !section.context) {
      throw new SearchArtifactError('search artifact holds a malformed section record');
    }
  }
  let engine: ReturnType<typeof bm25> | undefined;
  if (candidate.model !== null) {
    engine = bm25();
    try {
      engine.importJSON(candidate.model);
    } catch (error) {
      throw new SearchArtifactError(`search model cannot be imported: ${(error as Error).message}`);
    }
    engine.definePrepTasks([splitPreparedTerms]);
  }
  const sections = candidate.sections;
  return {
    defaults: candidate.defaults ?? {},
    sections,
    engine,
    hasVersions: sections.some((section) => section.context.version !== undefined),
    hasLanguages: sections.some((section) => section.context.language !== undefined),
  };
}

import { setImmediate as yieldToEvents } from 'node:timers/promises';
import bm25 from 'wink-bm25-text-search';
import { consolidateInSlices } from './consolidate-in-slices.ts';
import { checkSectionRecords, PREVIOUS_FORMAT_VERSION, readSearchLayout, type PageLocation } from './read-search-layout.ts';
import { SEARCH_ARTIFACT_FORMAT_VERSION, SearchArtifactError, type SearchArtifact } from './search-artifact.ts';
import { parseSearchArtifactText } from './search-artifact-text.ts';
import type { SectionRecord } from './section-record.ts';

/** A search artifact ready to answer queries. */
export interface SearchIndex {
  defaults: { language?: string; version?: string };
  /** Document `n` of the engine: a section at its preferred page (the default version and language first). */
  sections: SectionRecord[];
  /** `locations[n]`: every page showing document `n`'s content, preferred first (one page for formats 1 and 2). */
  locations: PageLocation[][];
  engine: ReturnType<typeof bm25> | undefined;
  /** Whether any section carries a version / a language (filters only apply when they do). */
  hasVersions: boolean;
  hasLanguages: boolean;
}

/** wink-bm25 consolidates only collections of three documents or more; smaller sites are padded. */
const MINIMUM_DOCUMENTS = 3;
const PADDING_TERM = 'docsmithpaddingdocument';

/** Terms are prepared before they reach wink (language-aware), so its own preparation only splits them. */
function splitPreparedTerms(text: string): string[] {
  return text.length === 0 ? [] : text.split(' ');
}

/** Sections fed to the engine between two yields of `loadSearchIndexInSlices` (~5 ms of work each). */
const SECTIONS_PER_SLICE = 100;

/**
 * Loads a parsed search artifact (search.json): checks its format version and shape, then feeds each
 * distinct section's prepared terms to a wink-bm25 engine and consolidates it. Formats 2 (one record per page
 * path) and 1 (a consolidated model, imported) are still read. Throws a SearchArtifactError with a plain
 * message when the artifact is corrupt.
 */
export function loadSearchIndex(artifact: unknown): SearchIndex {
  const loader = indexLoader(artifact);
  for (let step = loader.next(); ; step = loader.next()) if (step.done) return step.value;
}

/**
 * `loadSearchIndex` for a server: gives the event loop back every 100 sections, so loading a large site does not
 * stall the requests of the others for the whole load. Checking the layout, each slice of documents and each slice
 * of the engine's consolidation run in turns of their own.
 */
export async function loadSearchIndexInSlices(artifact: unknown): Promise<SearchIndex> {
  const loader = indexLoader(artifact);
  for (let step = loader.next(); ; step = loader.next()) {
    if (step.done) return step.value;
    await yieldToEvents();
  }
}

/**
 * `loadSearchIndexInSlices` from the text of search.json: the text is parsed in slices too when it has the layout
 * docsmith writes (one record per line). Throws a SearchArtifactError when the text is not JSON.
 */
export async function loadSearchIndexTextInSlices(text: string): Promise<SearchIndex> {
  const loader = textLoader(text);
  for (let step = loader.next(); ; step = loader.next()) {
    if (step.done) return step.value;
    await yieldToEvents();
  }
}

function* textLoader(text: string): Generator<void, SearchIndex> {
  let artifact: unknown;
  try {
    artifact = yield* parseSearchArtifactText(text);
  } catch {
    throw new SearchArtifactError('search.json is not valid JSON');
  }
  yield;
  return yield* indexLoader(artifact);
}

function* indexLoader(artifact: unknown): Generator<void, SearchIndex> {
  if (!artifact || typeof artifact !== 'object') throw new SearchArtifactError('search artifact is not a JSON object');
  const candidate = artifact as Omit<Partial<SearchArtifact>, 'formatVersion'> & { formatVersion?: unknown };
  if (candidate.formatVersion === LEGACY_FORMAT_VERSION) return loadLegacySearchIndex(artifact as Partial<LegacySearchArtifact>);
  if (candidate.formatVersion !== SEARCH_ARTIFACT_FORMAT_VERSION && candidate.formatVersion !== PREVIOUS_FORMAT_VERSION) {
    throw new SearchArtifactError(
      `search artifact format ${JSON.stringify(candidate.formatVersion)} is not supported (expected ${LEGACY_FORMAT_VERSION}, ${PREVIOUS_FORMAT_VERSION} or ${SEARCH_ARTIFACT_FORMAT_VERSION}); rebuild the site`,
    );
  }
  const { defaults, sections, locations, terms, fieldWeights, bm25Params } = readSearchLayout(candidate);
  yield;
  let engine: ReturnType<typeof bm25> | undefined;
  if (sections.length > 0) {
    engine = bm25();
    engine.defineConfig({ fldWeights: { ...fieldWeights }, bm25Params: { ...bm25Params } });
    engine.definePrepTasks([splitPreparedTerms]);
    for (const [index, [title, headings, body]] of terms.entries()) {
      engine.addDoc({ title, headings, body }, index);
      if ((index + 1) % SECTIONS_PER_SLICE === 0) yield;
    }
    for (let padding = sections.length; padding < MINIMUM_DOCUMENTS; padding += 1) {
      engine.addDoc({ title: PADDING_TERM, headings: PADDING_TERM, body: PADDING_TERM }, padding);
    }
    yield;
    yield* consolidateInSlices(engine, 4);
  }
  return searchIndexOf(defaults, sections, locations, engine);
}

/** Format 1 (docsmith before issue #7): the consolidated wink model, exported as JSON. Still read, so that a runtime upgrade does not take published builds down. */
const LEGACY_FORMAT_VERSION = 1;

interface LegacySearchArtifact {
  defaults: { language?: string; version?: string };
  sections: SectionRecord[];
  model: string | null;
}

function loadLegacySearchIndex(candidate: Partial<LegacySearchArtifact>): SearchIndex {
  if (!Array.isArray(candidate.sections) || !(candidate.model === null || typeof candidate.model === 'string')) {
    throw new SearchArtifactError('search artifact has no sections or model');
  }
  checkSectionRecords(candidate.sections);
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
  const locations = candidate.sections.map((section) => [{ path: section.path, context: section.context }]);
  return searchIndexOf(candidate.defaults, candidate.sections, locations, engine);
}

function searchIndexOf(defaults: SearchIndex['defaults'] | undefined, sections: SectionRecord[], locations: PageLocation[][], engine: ReturnType<typeof bm25> | undefined): SearchIndex {
  // The sections of one content share its list of locations: each list is visited once.
  const visited = new Set<PageLocation[]>();
  let hasVersions = false;
  let hasLanguages = false;
  for (const shown of locations) {
    if (visited.has(shown)) continue;
    visited.add(shown);
    for (const { context } of shown) {
      hasVersions ||= context.version !== undefined;
      hasLanguages ||= context.language !== undefined;
    }
  }
  return { defaults: defaults ?? {}, sections, locations, engine, hasVersions, hasLanguages };
}

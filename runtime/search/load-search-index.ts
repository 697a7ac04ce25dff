import { setImmediate as yieldToEvents } from 'node:timers/promises';
import bm25 from 'wink-bm25-text-search';
import { Bm25fIndexBuilder } from './bm25f-index.ts';
import type { LanguageVocabularies } from './detect-query-language.ts';
import { type PageIndex, PageIndexBuilder } from './page-index.ts';
import { pagePlaceText } from './page-place-text.ts';
import { prepareText } from './prepare-text.ts';
import { pageRankingParameters, rankingParameters } from './ranking-parameters.ts';
import { SEARCH_ARTIFACT_FORMAT_VERSION, SearchArtifactError, type SearchArtifact } from './search-artifact.ts';
import type { SectionRanker } from './section-ranker.ts';
import type { SectionRecord } from './section-record.ts';
import { TypoCorrector } from './typo-corrector.ts';
import { winkSectionRanker } from './wink-section-ranker.ts';

/** A search artifact ready to answer queries. */
export interface SearchIndex {
  defaults: { language?: string; version?: string };
  sections: SectionRecord[];
  engine: SectionRanker | undefined;
  /** Whole pages as documents (undefined for format 1 artifacts). */
  pages: PageIndex | undefined;
  /** Corrects query terms no section holds (undefined when the index exposes no vocabulary). */
  typos: TypoCorrector | undefined;
  /** Whether any section carries a version / a language (filters only apply when they do). */
  hasVersions: boolean;
  hasLanguages: boolean;
  /** The terms of each language's sections, for detecting a query's language (empty for one-language sites). */
  vocabularies: LanguageVocabularies;
}

/** Terms are prepared at build time (language-aware), so loading only splits them. */
function splitPreparedTerms(text: string): string[] {
  return text.length === 0 ? [] : text.split(' ');
}

/** Sections fed to the engine between two yields of `loadSearchIndexInSlices`. */
const SECTIONS_PER_SLICE = 500;

/**
 * Loads a parsed search artifact (search.json): checks its format version and shape, then builds a BM25F index
 * from each section's prepared terms plus the fields derived from its record (place, description); format 1, a
 * consolidated wink-bm25 model, is imported. Throws a SearchArtifactError with a plain message when the artifact is corrupt.
 */
export function loadSearchIndex(artifact: unknown): SearchIndex {
  const loader = indexLoader(artifact);
  for (let step = loader.next(); ; step = loader.next()) if (step.done) return step.value;
}

/**
 * `loadSearchIndex` for a server: gives the event loop back every 500 sections, so loading a large site does not
 * stall the requests of the others for the whole load.
 */
export async function loadSearchIndexInSlices(artifact: unknown): Promise<SearchIndex> {
  const loader = indexLoader(artifact);
  for (let step = loader.next(); ; step = loader.next()) {
    if (step.done) return step.value;
    await yieldToEvents();
  }
}

function* indexLoader(artifact: unknown): Generator<void, SearchIndex> {
  if (!artifact || typeof artifact !== 'object') throw new SearchArtifactError('search artifact is not a JSON object');
  const candidate = artifact as Partial<SearchArtifact>;
  if ((candidate.formatVersion as number | undefined) === LEGACY_FORMAT_VERSION) return loadLegacySearchIndex(artifact as Partial<LegacySearchArtifact>);
  if (candidate.formatVersion !== SEARCH_ARTIFACT_FORMAT_VERSION) {
    throw new SearchArtifactError(`search artifact format ${JSON.stringify(candidate.formatVersion)} is not supported (expected ${LEGACY_FORMAT_VERSION} or ${SEARCH_ARTIFACT_FORMAT_VERSION}); rebuild the site`);
  }
  const { sections, terms, fieldWeights, bm25Params } = candidate;
  if (!Array.isArray(sections) || !Array.isArray(terms) || terms.length !== sections.length) {
    throw new SearchArtifactError('search artifact has no sections, or not one term list per section');
  }
  if (!isNonNegativeNumbers(fieldWeights, ['title', 'headings', 'body']) || !isNonNegativeNumbers(bm25Params, ['k1', 'b', 'k'])) {
    throw new SearchArtifactError('search artifact has no usable field weights or BM25 parameters');
  }
  checkSections(sections);
  sections.forEach((_, index) => {
    const fields = terms[index];
    if (!Array.isArray(fields) || fields.length !== 3 || fields.some((field) => typeof field !== 'string')) {
      throw new SearchArtifactError(`search artifact holds malformed terms for section ${index}`);
    }
  });
  let engine: SectionRanker | undefined;
  let pages: PageIndex | undefined;
  const vocabularies: LanguageVocabularies = new Map();
  const multilingual = new Set(sections.map((section) => section.context.language ?? candidate.defaults?.language)).size > 1;
  if (sections.length > 0) {
    const parameters = rankingParameters({ fieldWeights, bm25Params } as Pick<SearchArtifact, 'fieldWeights' | 'bm25Params'>);
    const builder = new Bm25fIndexBuilder(parameters);
    const pageBuilder = new PageIndexBuilder(pageRankingParameters(parameters));
    const placeTerms = new Map<string, string[]>();
    for (const [index, [title, headings, body]] of terms.entries()) {
      const section = sections[index] as SectionRecord;
      const language = section.context.language;
      const placeKey = `${language ?? ''}\u0000${section.path}`;
      let place = placeTerms.get(placeKey);
      if (!place) placeTerms.set(placeKey, (place = prepareText(pagePlaceText(section), language)));
      const fields = [splitPreparedTerms(title), splitPreparedTerms(headings), splitPreparedTerms(body), place, section.description ? prepareText(section.description, language) : []];
      builder.add(fields);
      pageBuilder.add(index, section, fields);
      if (multilingual) addVocabulary(vocabularies, language ?? candidate.defaults?.language ?? '', fields);
      if ((index + 1) % SECTIONS_PER_SLICE === 0) yield;
    }
    engine = builder.finish();
    pages = pageBuilder.finish();
  }
  return searchIndexOf(candidate.defaults, sections, engine, pages, vocabularies);
}

function addVocabulary(vocabularies: LanguageVocabularies, language: string, fields: string[][]): void {
  let vocabulary = vocabularies.get(language);
  if (!vocabulary) vocabularies.set(language, (vocabulary = new Set()));
  for (const terms of fields) for (const term of terms) vocabulary.add(term);
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
  checkSections(candidate.sections);
  let engine: SectionRanker | undefined;
  if (candidate.model !== null) {
    const wink = bm25();
    try {
      wink.importJSON(candidate.model);
    } catch (error) {
      throw new SearchArtifactError(`search model cannot be imported: ${(error as Error).message}`);
    }
    wink.definePrepTasks([splitPreparedTerms]);
    engine = winkSectionRanker(wink);
  }
  return searchIndexOf(candidate.defaults, candidate.sections, engine);
}

function checkSections(sections: unknown[]): asserts sections is SectionRecord[] {
  for (const section of sections as Partial<SectionRecord>[]) {
    if (!section || typeof section.path !== 'string' || typeof section.text !== 'string' || !Array.isArray(section.headingPath) || !section.context) {
      throw new SearchArtifactError('search artifact holds a malformed section record');
    }
  }
}

function searchIndexOf(defaults: SearchIndex['defaults'] | undefined, sections: SectionRecord[], engine: SectionRanker | undefined, pages?: PageIndex, vocabularies: LanguageVocabularies = new Map()): SearchIndex {
  return {
    defaults: defaults ?? {},
    sections,
    engine,
    pages,
    typos: engine ? new TypoCorrector(engine) : undefined,
    hasVersions: sections.some((section) => section.context.version !== undefined),
    hasLanguages: sections.some((section) => section.context.language !== undefined),
    vocabularies,
  };
}

function isNonNegativeNumbers(value: unknown, keys: string[]): value is Record<string, number> {
  if (typeof value !== 'object' || value === null) return false;
  return keys.every((key) => {
    const number = (value as Record<string, unknown>)[key];
    return typeof number === 'number' && Number.isFinite(number) && number >= 0;
  });
}

import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Bm25fIndexBuilder } from './bm25f-index.ts';
import type { LanguageVocabularies } from './detect-query-language.ts';
import { type PageIndex, PageIndexBuilder } from './page-index.ts';
import { pageLeadText } from './page-lead-text.ts';
import { pagePlaceText } from './page-place-text.ts';
import { searchTerms } from '../../contract/search/identifier-terms.ts';
import { outlineRankingParameters, pageRankingParameters, rankingParameters } from './ranking-parameters.ts';
import { readSearchLayout, type PageLocation } from './read-search-layout.ts';
import { readSectionVectors, type SectionVectors } from './read-section-vectors.ts';
import { unreadableFormat } from '../../contract/artifact-format.ts';
import {
  SEARCH_ARTIFACT_FORMAT_VERSION,
  SEARCH_ENGINE,
  SearchArtifactError,
  type SearchArtifact,
} from '../../contract/search/search-artifact.ts';
import { parseSearchArtifactText } from '../../contract/search/search-artifact-text.ts';
import type { SectionRanker } from './section-ranker.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';
import { SharedSectionRanker } from './shared-section-ranker.ts';
import { type TitleQualifier, titleQualifiers } from './title-qualifiers.ts';
import { TypoCorrector } from './typo-corrector.ts';

/** A search artifact ready to answer queries. */
export interface SearchIndex {
  defaults: { language?: string; version?: string };
  /** Document `n` of the engine: a section at its preferred page (the default version and language first). */
  sections: SectionRecord[];
  /** `locations[n]`: every page showing document `n`'s content, preferred first. */
  locations: PageLocation[][];
  engine: SectionRanker | undefined;
  /** Whole pages as documents, one per distinct content at its preferred page (undefined for a site with no section). */
  pages: PageIndex | undefined;
  /** Corrects query terms no section holds (undefined for a site with no section). */
  typos: TypoCorrector | undefined;
  /** The versions the pages carry, in first-seen order (empty when none does). */
  versions: string[];
  /** Whether any page carries a language. */
  hasLanguages: boolean;
  /** The terms of each language's sections, for detecting a query's language (empty for one-language sites). */
  vocabularies: LanguageVocabularies;
  /** The label each page of a shared title is read with ("Organizations" for its "List"), by path (`titleQualifiers`). */
  titleQualifiers: Map<string, TitleQualifier>;
  /** Section vectors for hybrid retrieval (`hybridSearch`), when the site was built with `--embeddings-url`. */
  vectors?: SectionVectors;
}

/** Terms are prepared at build time (language-aware), so loading only splits them. */
function splitPreparedTerms(text: string): string[] {
  return text.length === 0 ? [] : text.split(' ');
}

/** Sections fed to the engine between two yields of `loadSearchIndexInSlices` (~5 ms of work each). */
const SECTIONS_PER_SLICE = 100;

/**
 * Loads a parsed search artifact (search.json): checks its format version and shape, then builds a BM25F index
 * from each distinct section's prepared terms plus the fields derived from its record (the place of its preferred
 * page, its description and opening words), and a whole-page index beside it. Reads the current format only: an
 * artifact of another is refused with `unreadableFormat`'s message ("built by docsmith < …: rebuild with `docsmith build`").
 * Throws a SearchArtifactError with a plain message when the artifact is corrupt or of another format.
 */
export function loadSearchIndex(artifact: unknown): SearchIndex {
  const loader = indexLoader(artifact);
  for (let step = loader.next(); ; step = loader.next()) if (step.done) return step.value;
}

/**
 * `loadSearchIndex` for a server: gives the event loop back every 100 sections, so loading a large site does not
 * stall the requests of the others for the whole load. Checking the layout, each slice of documents and each slice
 * of the indexes' construction run in turns of their own.
 */
export async function loadSearchIndexInSlices(artifact: unknown): Promise<SearchIndex> {
  const loader = indexLoader(artifact);
  for (let step = loader.next(); ; step = loader.next()) {
    if (step.done) return step.value;
    await yieldToEvents();
  }
}

/**
 * `loadSearchIndexInSlices` from the text of search.json or its UTF-8 bytes: parsed in slices too when it has the
 * layout docsmith writes (one record per line), bytes a line at a time. Throws a SearchArtifactError when it is not JSON.
 */
export async function loadSearchIndexTextInSlices(text: string | Uint8Array): Promise<SearchIndex> {
  const loader = textLoader(text);
  for (let step = loader.next(); ; step = loader.next()) {
    if (step.done) return step.value;
    await yieldToEvents();
  }
}

function* textLoader(text: string | Uint8Array): Generator<void, SearchIndex> {
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
  const unreadable = unreadableFormat('search.json', candidate.formatVersion, SEARCH_ARTIFACT_FORMAT_VERSION);
  if (unreadable) throw new SearchArtifactError(unreadable);
  if (candidate.engine !== SEARCH_ENGINE)
    throw new SearchArtifactError(
      `search artifact names engine ${JSON.stringify(candidate.engine) ?? 'none'}, expected ${SEARCH_ENGINE}`,
    );
  const { defaults, sections, locations, terms, fieldWeights, bm25Params, bodyOfSection, bodyCount } =
    yield* readSearchLayout(candidate);
  yield;
  const vectors = yield* readSectionVectors(candidate, bodyCount, bodyOfSection);
  let engine: SectionRanker | undefined;
  let pages: PageIndex | undefined;
  const qualifiers = titleQualifiers(sections, searchTerms);
  const vocabularies: LanguageVocabularies = new Map();
  const multilingual = new Set(sections.map((section) => section.context.language ?? defaults.language)).size > 1;
  if (sections.length > 0) {
    const parameters = rankingParameters({ fieldWeights, bm25Params } as Pick<
      SearchArtifact,
      'fieldWeights' | 'bm25Params'
    >);
    const builder = new Bm25fIndexBuilder(parameters);
    const pageBuilder = new PageIndexBuilder(pageRankingParameters(parameters), outlineRankingParameters(parameters));
    // Each distinct prepared text is split once and numbered: sections repeated across the contents of a versioned
    // site (a page edited between releases is a new content, most of its sections are not) share their term lists,
    // and a section whose fields are all the same as an earlier one's is the same engine document.
    const textIds = new Map<string, { id: number; terms: string[] }>();
    const termsOf = (prepared: string): { id: number; terms: string[] } => {
      let entry = textIds.get(prepared);
      if (!entry) textIds.set(prepared, (entry = { id: textIds.size, terms: splitPreparedTerms(prepared) }));
      return entry;
    };
    const placeOfPath = new Map<string, { id: number; terms: string[] }>();
    const documentOfFields = new Map<string, number>();
    const occurrences: number[][] = [];
    for (const [index, [title, headings, body]] of terms.entries()) {
      // The section's record is at its preferred page: the place field names where a reader of the defaults finds it.
      const section = sections[index] as SectionRecord;
      const language = section.context.language;
      const placeKey = `${language ?? ''}\u0000${section.path}`;
      let place = placeOfPath.get(placeKey);
      if (!place) placeOfPath.set(placeKey, (place = termsOf(searchTerms(pagePlaceText(section), language).join(' '))));
      const isFirstOfPage = index === 0 || (sections[index - 1] as SectionRecord).path !== section.path;
      const lead = pageLeadText(section, isFirstOfPage);
      // A title several pages share is read with the label that tells its page apart ("Organizations › List").
      const qualifier = qualifiers.get(section.path)?.terms ?? [];
      const qualifiedTitle =
        qualifier.length === 0 ? termsOf(title) : termsOf(`${qualifier.join(' ')} ${title}`.trim());
      const preparedFields = [
        qualifiedTitle,
        termsOf(headings),
        termsOf(body),
        place,
        termsOf(lead ? searchTerms(lead, language).join(' ') : ''),
      ];
      const fields = preparedFields.map((field) => field.terms);
      const key = `${language ?? ''} ${preparedFields.map((field) => field.id).join(' ')}`;
      let document = documentOfFields.get(key);
      if (document === undefined) {
        documentOfFields.set(key, (document = occurrences.length));
        occurrences.push([]);
        builder.add(fields);
        if (multilingual) addVocabulary(vocabularies, language ?? defaults.language ?? '', fields);
      }
      (occurrences[document] as number[]).push(index);
      pageBuilder.add(index, section, fields, qualifier);
      if ((index + 1) % SECTIONS_PER_SLICE === 0) yield;
    }
    yield;
    const documents = yield* builder.finishInSlices();
    engine = occurrences.length === sections.length ? documents : new SharedSectionRanker(documents, occurrences);
    pages = yield* pageBuilder.finishInSlices();
  }
  const index = searchIndexOf(defaults, sections, locations, engine, pages, vocabularies, qualifiers);
  return vectors ? { ...index, vectors } : index;
}

function addVocabulary(vocabularies: LanguageVocabularies, language: string, fields: string[][]): void {
  let vocabulary = vocabularies.get(language);
  if (!vocabulary) vocabularies.set(language, (vocabulary = new Set()));
  for (const terms of fields) for (const term of terms) vocabulary.add(term);
}

function searchIndexOf(
  defaults: SearchIndex['defaults'],
  sections: SectionRecord[],
  locations: PageLocation[][],
  engine: SectionRanker | undefined,
  pages: PageIndex | undefined,
  vocabularies: LanguageVocabularies,
  qualifiers: Map<string, TitleQualifier>,
): SearchIndex {
  // The sections of one content share its list of locations: each list is visited once.
  const visited = new Set<PageLocation[]>();
  const versions = new Set<string>();
  let hasLanguages = false;
  for (const shown of locations) {
    if (visited.has(shown)) continue;
    visited.add(shown);
    for (const { context } of shown) {
      if (context.version !== undefined) versions.add(context.version);
      hasLanguages ||= context.language !== undefined;
    }
  }
  const typos = engine ? new TypoCorrector(engine, () => sectionTexts(sections)) : undefined;
  return {
    defaults,
    sections,
    locations,
    engine,
    pages,
    typos,
    versions: [...versions],
    hasLanguages,
    vocabularies,
    titleQualifiers: qualifiers,
  };
}

/** The texts of the sections, each once: titles, headings, descriptions, bodies. */
function* sectionTexts(sections: SectionRecord[]): Generator<string> {
  const seen = new Set<string>();
  for (const section of sections) {
    for (const text of [section.title, ...section.headingPath, section.description ?? '', section.text]) {
      if (seen.has(text)) continue;
      seen.add(text);
      yield text;
    }
  }
}

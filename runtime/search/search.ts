import type { Bm25fIndex } from './bm25f-index.ts';
import { detectQueryLanguage } from './detect-query-language.ts';
import { detectQueryVersions } from './detect-query-versions.ts';
import type { SearchIndex } from './load-search-index.ts';
import { applyPageFactors } from './page-factors.ts';
import {
  locationInScope,
  otherLocationsOf,
  sectionAt,
  type OtherLocation,
  type PlacedSection,
  type SearchFilter,
  type SearchScope,
} from './place-section.ts';
import type { PlacedHit, RankedPage } from './ranked-page.ts';
import { relativeScores } from './relative-scores.ts';
import { snippetOf } from './result-snippet.ts';
import { searchQuery } from './search-query.ts';
import type { PageContext } from '../../contract/search/section-record.ts';

export type { SearchFilter } from './place-section.ts';

/** Options of `search`. */
export interface SearchOptions {
  /** Pages returned (default 5, clamped to 1..50). */
  pageSize?: number;
  filter?: SearchFilter;
  /** The previous user turn, searched with a lower weight so follow-ups ("and in Python?") keep their topic. */
  previousQuery?: string;
  /** The page the reader is on (a page path, as runtime/assistant's `currentPagePath` reads it): it, and its twin among pages of a shared title, rank first among pages that match about as well (`applyPageFactors`). */
  currentPath?: string;
}

/** One page of the results, represented by its best section. */
export interface SearchResult {
  path: string;
  anchor: string;
  title: string;
  headingPath: string[];
  /** ~300 characters of the section around the first matching term. */
  snippet: string;
  /** The whole section text, for answer composition. */
  text: string;
  /** Relevance relative to the best result of the query, which scores 1 (section and whole-page scores normalised to their best, fused). */
  score: number;
  /** The page's context; `otherLocations` lists the other paths (versions, languages) showing the same content. */
  metadata: PageContext & { otherLocations?: OtherLocation[] };
}

const CANDIDATES_PER_PAGE = 20;
/** How much deeper versioned or multilingual sites look into the rankings when the scope leaves less than a page of results. */
const SCOPED_CANDIDATES_FACTOR = 4;
/** A page ranks by its best section plus a share of its next best ones: pages about the topic beat passing mentions. */
const SUPPORTING_SECTIONS = 2;
const SUPPORTING_SECTION_WEIGHT = 0.3;
/** Weight of the whole-page ranking against the section ranking when both are fused (each normalised to its best). */
const PAGE_SCORE_WEIGHT = 0.5;
/** Weight of the page outline ranking (titles, headings, place, descriptions; no body), fused the same way. */
const OUTLINE_SCORE_WEIGHT = 0.5;
/** Another version's page comes first when it scores this much above every page of the preferred versions (page factors included): the question is about what those no longer have. */
const OTHER_VERSION_FACTOR = 1.5;

/** Engine hits (`[document, score]`, best first) of the section index, and of the page and page outline indexes (each page named by its first section). */
interface Hits {
  sections: [number, number][];
  pages: [number, number][];
  outlines: [number, number][];
}

/**
 * Ranks the pages of a site for a query (`searchQuery`: unknown terms respelt, identifiers whole, what the question
 * excludes): BM25F over sections (title, headings, body, the page's place and description) fused with BM25F over
 * whole pages and over page outlines (the same without bodies), then the page factors (`applyPageFactors`: title
 * coverage, `boost`, exclusions, hubs, the reader's page); one entry per page (its best section). A filter restricts results; the default version and language
 * win: without a version/language in the filter, results come from the versions the query names (else the site's
 * default version) and the query's language (detected on multilingual sites, else the default), and from the others
 * only when those have no match, or (versions) when another version's page matches clearly better than any of
 * theirs (`elsewhereClearlyBetter`: a feature the default version removed).
 * Identical content at several paths is one result (see `locationInScope`). Bad queries (empty, huge, only stop
 * words, emoji) give an empty list, never an exception.
 */
export function search(index: SearchIndex, query: string, options: SearchOptions = {}): SearchResult[] {
  return scopedSearch(index, query, options).results;
}

/**
 * `search`'s results and the scope it preferred — the filter, else the versions the query names (or the default) and
 * its detected language — which `hybridSearch` ranks the vectors in; no scope when the query searched nothing.
 */
export function scopedSearch(
  index: SearchIndex,
  query: string,
  options: SearchOptions = {},
): { results: SearchResult[]; scope?: SearchScope } {
  const pageSize = Math.min(50, Math.max(1, Math.floor(options.pageSize ?? 5) || 5));
  if (!index.engine || typeof query !== 'string') return { results: [] };
  const detected =
    options.filter?.language === undefined
      ? detectQueryLanguage(query.slice(0, 1000), index.vocabularies, index.defaults.language)
      : undefined;
  const language = options.filter?.language ?? detected ?? index.defaults.language;
  const previousQuery = options.previousQuery?.slice(0, 4000);
  const weightedQuery = searchQuery(index, query.slice(0, 4000), previousQuery, language);
  if (!weightedQuery) return { results: [] };

  const scoped = index.versions.length > 0 || index.hasLanguages;
  const filter = options.filter ? { filter: options.filter } : {};
  const named = options.filter?.version === undefined ? detectQueryVersions(query.slice(0, 1000), index.versions) : [];
  const preferred: SearchScope = {
    ...filter,
    defaultsOnly: true,
    ...(detected ? { language: detected } : {}),
    ...(named.length > 0 ? { versions: named } : {}),
  };
  const hitsAt = (depth: number): Hits => {
    const limit = pageSize * CANDIDATES_PER_PAGE * depth;
    const sections = (index.engine as NonNullable<SearchIndex['engine']>).search(weightedQuery.terms, limit);
    const pageHits = (pageIndex: Bm25fIndex | undefined): [number, number][] =>
      pageIndex
        ? pageIndex
            .search(weightedQuery.terms, limit)
            .map(([page, score]): [number, number] => [index.pages?.firstSectionOfPage[page] as number, score])
        : [];
    return { sections, pages: pageHits(index.pages?.index), outlines: pageHits(index.pages?.outline) };
  };
  let hits = hitsAt(1);
  let pages = rankPages(index, hits, preferred);
  // The scope drops hits outside it: on versioned or multilingual sites, look deeper when the first look fills no
  // page of results, and outside the preferred version and language only when they have no match at all.
  if (scoped && pages.size < pageSize) {
    hits = hitsAt(SCOPED_CANDIDATES_FACTOR);
    pages = rankPages(index, hits, preferred);
    if (pages.size === 0) pages = rankPages(index, hits, { ...filter, defaultsOnly: false });
  }
  applyPageFactors(index, pages, weightedQuery, options.currentPath);
  if (
    index.versions.length > 1 &&
    options.filter?.version === undefined &&
    named.length === 0 &&
    topHitOutside(index, hits, preferred)
  ) {
    const widened = rankPages(index, hits, { ...preferred, versions: index.versions });
    applyPageFactors(index, widened, weightedQuery, options.currentPath);
    if (elsewhereClearlyBetter(widened, pages)) pages = widened;
  }
  const ranked = [...pages.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, pageSize)
    .map(({ best: hit, score }) => {
      const best = sectionAt(index, hit.document, hit.location);
      const result: SearchResult = {
        path: best.path,
        anchor: best.anchor,
        title: best.title,
        headingPath: best.headingPath,
        snippet: snippetOf(best.text, query, previousQuery ?? ''),
        text: best.text,
        score,
        metadata: metadataOf(best),
      };
      return { result, score };
    });
  return { results: relativeScores(ranked), scope: preferred };
}

/**
 * The result pages within a scope, by path: each section hit placed at its page in the scope (its best section plus
 * a share of the next ones), then the whole-page and page outline hits fused in.
 */
function rankPages(index: SearchIndex, hits: Hits, scope: SearchScope): Map<string, RankedPage> {
  const pages = new Map<string, RankedPage>();
  for (const hit of placeHits(index, hits.sections, scope)) {
    const page = pages.get(hit.location.path);
    if (!page) pages.set(hit.location.path, { best: hit, score: hit.score, others: 0 });
    else if (page.others < SUPPORTING_SECTIONS) {
      page.score += hit.score * SUPPORTING_SECTION_WEIGHT;
      page.others += 1;
    }
  }
  if (index.pages) {
    normalizeToBest(pages);
    fusePageScores(pages, placeHits(index, hits.pages, scope), PAGE_SCORE_WEIGHT);
    fusePageScores(pages, placeHits(index, hits.outlines, scope), OUTLINE_SCORE_WEIGHT);
  }
  return pages;
}

/** Whether the best hit of any of the three rankings is a section no page of the scope shows: only then can another version's page come first. */
function topHitOutside(index: SearchIndex, hits: Hits, scope: SearchScope): boolean {
  return [hits.sections[0], hits.pages[0], hits.outlines[0]].some(
    (hit) => hit !== undefined && hit[1] > 0 && locationInScope(index, hit[0], scope) === undefined,
  );
}

/**
 * Whether a ranking over every version puts first a page of another version that matches clearly better
 * (`OTHER_VERSION_FACTOR`) than any page of the preferred ones (`preferred`): the question is about what the
 * preferred version no longer has (a feature a new release removed), and only an older version answers it.
 */
function elsewhereClearlyBetter(widened: Map<string, RankedPage>, preferred: Map<string, RankedPage>): boolean {
  let top: [string, number] | undefined;
  let bestPreferred = 0;
  for (const [path, page] of widened) {
    if (!top || page.score > top[1]) top = [path, page.score];
    if (preferred.has(path)) bestPreferred = Math.max(bestPreferred, page.score);
  }
  return top !== undefined && !preferred.has(top[0]) && top[1] >= OTHER_VERSION_FACTOR * bestPreferred;
}

/** Engine hits (`[document, score]`, best first) placed at their page in the scope; hits with no page in it are dropped. */
function placeHits(index: SearchIndex, hits: [number, number][], scope: SearchScope): PlacedHit[] {
  const placed: PlacedHit[] = [];
  for (const [document, score] of hits) {
    const location = score > 0 ? locationInScope(index, document, scope) : undefined;
    if (location) placed.push({ document, location, score });
  }
  return placed;
}

/** Divides the section-based score of each page by the best one, before other rankings are fused in. */
function normalizeToBest(pages: Map<string, RankedPage>): void {
  const bestSectionScore = Math.max(0, ...[...pages.values()].map((page) => page.score)) || 1;
  for (const page of pages.values()) page.score /= bestSectionScore;
}

/**
 * Fuses a whole-page ranking into the (normalised) section-based one: each page score is divided by the best of its
 * ranking, and `weight` × that share is added to the page's score (a page only that ranking found enters with it).
 */
function fusePageScores(pages: Map<string, RankedPage>, pageHits: PlacedHit[], weight: number): void {
  const bestPageScore = Math.max(0, ...pageHits.map((hit) => hit.score)) || 1;
  for (const hit of pageHits) {
    const share = (weight * hit.score) / bestPageScore;
    const page = pages.get(hit.location.path);
    if (page) page.score += share;
    else pages.set(hit.location.path, { best: hit, score: share, others: 0 });
  }
}

/** A result's metadata: its page's context, plus the other paths showing the same content when there are some. */
function metadataOf(best: PlacedSection): SearchResult['metadata'] {
  const otherLocations = otherLocationsOf(best);
  return otherLocations.length > 0 ? { ...best.context, otherLocations } : best.context;
}

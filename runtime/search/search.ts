import type { WeightedTerm } from './bm25f-index.ts';
import type { SearchIndex } from './load-search-index.ts';
import type { PageIndex } from './page-index.ts';
import { detectQueryLanguage } from './detect-query-language.ts';
import { prepareText } from './prepare-text.ts';
import type { PageContext, SectionRecord } from './section-record.ts';

/** Narrows results to a version, a language and/or pages under some groups. */
export interface SearchFilter {
  version?: string;
  language?: string;
  /** Group names; a page matches when any of them is on its group path. */
  groups?: string[];
}

/** Options of `search`. */
export interface SearchOptions {
  /** Pages returned (default 5, clamped to 1..50). */
  pageSize?: number;
  filter?: SearchFilter;
  /** The previous user turn, searched with a lower weight so follow-ups ("and in Python?") keep their topic. */
  previousQuery?: string;
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
  /** Relevance, comparable within one query only (section and whole-page scores normalised to their best, fused). */
  score: number;
  metadata: PageContext;
}

const MAX_QUERY_TERMS = 64;
/** The question's terms weigh twice the previous turn's (follow-ups keep their topic without losing their own). */
const QUESTION_WEIGHT = 2;
const PREVIOUS_TURN_WEIGHT = 1;
/** Share of a term's weight kept when it is a typo correction. */
const CORRECTED_TERM_WEIGHT = 0.8;
/** Unknown terms corrected per query: each correction scans part of the vocabulary, and a long garbled query must stay cheap. */
const MAX_CORRECTED_TERMS = 8;
const CANDIDATES_PER_PAGE = 20;
const SNIPPET_LENGTH = 300;
/** Score factor of sections outside the site's default version / language when the query names none. */
const OTHER_VERSION_WEIGHT = 0.6;
const OTHER_LANGUAGE_WEIGHT = 0.3;
/** A page ranks by its best section plus a share of its next best ones: pages about the topic beat passing mentions. */
const SUPPORTING_SECTIONS = 2;
const SUPPORTING_SECTION_WEIGHT = 0.3;
/** Weight of the whole-page ranking against the section ranking when both are fused (each normalised to its best). */
const PAGE_SCORE_WEIGHT = 0.5;
/** Boost of a page whose whole title is in the query (a share of it for part of the title). */
const TITLE_COVERAGE_WEIGHT = 0.3;

/**
 * Ranks the pages of a site for a query: BM25F over sections (title, headings, body, the page's place and
 * description) fused with BM25F over whole pages, raised by title coverage; one entry per page (its best section).
 * Unknown query terms are corrected to indexed ones. A filter restricts results; without a version/language in it,
 * sections of the site's default version and of the query's language (detected on multilingual sites, else the
 * default) are preferred (others score lower, so older-version-only content can still be found). Bad queries
 * (empty, huge, only stop words, emoji) give an empty list, never an exception.
 */
export function search(index: SearchIndex, query: string, options: SearchOptions = {}): SearchResult[] {
  const pageSize = Math.min(50, Math.max(1, Math.floor(options.pageSize ?? 5) || 5));
  if (!index.engine || typeof query !== 'string') return [];
  const detected = options.filter?.language === undefined ? detectQueryLanguage(query.slice(0, 1000), index.vocabularies, index.defaults.language) : undefined;
  const language = options.filter?.language ?? detected ?? index.defaults.language;
  const preferredLanguage = detected ?? index.defaults.language;
  const queryTerms = uniqueTerms(prepareText(query.slice(0, 4000), language)).slice(0, MAX_QUERY_TERMS);
  if (queryTerms.length === 0) return [];
  const previousTerms = options.previousQuery ? uniqueTerms(prepareText(options.previousQuery.slice(0, 4000), language)).slice(0, MAX_QUERY_TERMS / 2) : [];
  const weightedQuery = [...weighted(queryTerms, QUESTION_WEIGHT, index), ...weighted(previousTerms, PREVIOUS_TURN_WEIGHT, index)];

  const limit = pageSize * CANDIDATES_PER_PAGE;
  const hits = index.engine
    .search(weightedQuery, limit)
    .map(([id, score]): [SectionRecord, number] => {
      const section = index.sections[id] as SectionRecord;
      return [section, score * preference(section, options.filter, index, preferredLanguage)];
    })
    .filter(([, score]) => score > 0)
    .sort((a, b) => b[1] - a[1]);

  const pages = new Map<string, { best: SectionRecord; score: number; others: number }>();
  for (const [section, score] of hits) {
    const page = pages.get(section.path);
    if (!page) pages.set(section.path, { best: section, score, others: 0 });
    else if (page.others < SUPPORTING_SECTIONS) {
      page.score += score * SUPPORTING_SECTION_WEIGHT;
      page.others += 1;
    }
  }
  if (index.pages) {
    fusePageScores(pages, index, weightedQuery, limit, options.filter, preferredLanguage);
    boostTitleCoverage(pages, index.pages, weightedQuery);
  }
  return [...pages.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, pageSize)
    .map(({ best, score }) => ({
      path: best.path,
      anchor: best.anchor,
      title: best.title,
      headingPath: best.headingPath,
      snippet: snippetOf(best.text, query, previousTerms.length > 0 ? (options.previousQuery ?? '') : ''),
      text: best.text,
      score: Math.round(score * 1000) / 1000,
      metadata: best.context,
    }));
}

/**
 * Fuses the whole-page ranking into the section-based one: each score is divided by the best of its ranking, and a
 * page's fused score is its section share plus `PAGE_SCORE_WEIGHT` × its page share.
 */
function fusePageScores(pages: Map<string, { best: SectionRecord; score: number; others: number }>, index: SearchIndex, query: WeightedTerm[], limit: number, filter: SearchFilter | undefined, preferredLanguage: string | undefined): void {
  const { index: pageIndex, firstSectionOfPage } = index.pages as NonNullable<SearchIndex['pages']>;
  const pageHits = pageIndex
    .search(query, limit)
    .map(([page, score]): [SectionRecord, number] => {
      const section = index.sections[firstSectionOfPage[page] as number] as SectionRecord;
      return [section, score * preference(section, filter, index, preferredLanguage)];
    })
    .filter(([, score]) => score > 0);
  const bestSectionScore = Math.max(0, ...[...pages.values()].map((page) => page.score)) || 1;
  const bestPageScore = Math.max(0, ...pageHits.map(([, score]) => score)) || 1;
  for (const page of pages.values()) page.score /= bestSectionScore;
  for (const [section, score] of pageHits) {
    const share = (PAGE_SCORE_WEIGHT * score) / bestPageScore;
    const page = pages.get(section.path);
    if (page) page.score += share;
    else pages.set(section.path, { best: section, score: share, others: 0 });
  }
}

/** Raises each page by `TITLE_COVERAGE_WEIGHT` × the share of its title's terms the query asks for: "push a model" → the "Push a model" page. */
function boostTitleCoverage(pages: Map<string, { best: SectionRecord; score: number }>, pageIndex: PageIndex, query: WeightedTerm[]): void {
  const asked = new Set(query.map((entry) => entry.term));
  for (const [path, page] of pages) {
    const titleTerms = pageIndex.titleTermsOfPage[pageIndex.pageOfPath.get(path) ?? -1] ?? [];
    if (titleTerms.length === 0) continue;
    const covered = titleTerms.filter((term) => asked.has(term)).length / titleTerms.length;
    page.score *= 1 + TITLE_COVERAGE_WEIGHT * covered;
  }
}

/** Weight of a section under the filter: 0 excludes it; sections outside the default version and the preferred language (the query's, else the default) rank lower. */
function preference(section: SectionRecord, filter: SearchFilter | undefined, index: SearchIndex, preferredLanguage: string | undefined): number {
  const context = section.context;
  let weight = 1;
  if (filter?.version !== undefined) {
    if (context.version !== undefined && context.version !== filter.version) return 0;
  } else if (index.defaults.version && context.version !== undefined && context.version !== index.defaults.version) {
    weight *= OTHER_VERSION_WEIGHT;
  }
  if (filter?.language !== undefined) {
    if ((context.language ?? index.defaults.language) !== filter.language) return 0;
  } else if (preferredLanguage && (context.language ?? index.defaults.language) !== preferredLanguage) {
    weight *= OTHER_LANGUAGE_WEIGHT;
  }
  if (filter?.groups && filter.groups.length > 0 && !filter.groups.some((group) => context.groups.includes(group))) return 0;
  return weight;
}

/** Query terms with their weight; a term no section holds is replaced by its likely spelling (the first `MAX_CORRECTED_TERMS` unknown terms only), at a discount. */
function weighted(terms: string[], weight: number, index: SearchIndex): WeightedTerm[] {
  let attempts = 0;
  return terms.map((term) => {
    const unknown = index.engine?.documentFrequency(term) === 0;
    const corrected = unknown && attempts++ < MAX_CORRECTED_TERMS ? index.typos?.correct(term) : undefined;
    return corrected ? { term: corrected, weight: weight * CORRECTED_TERM_WEIGHT } : { term, weight };
  });
}

function uniqueTerms(terms: string[]): string[] {
  return [...new Set(terms)];
}

function snippetOf(text: string, query: string, previousQuery: string): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  const lower = text.toLowerCase();
  const words = `${query} ${previousQuery}`.toLowerCase().match(/[\p{L}\p{N}_]{3,}/gu) ?? [];
  let position = -1;
  for (const word of words) {
    const found = lower.indexOf(word.length > 5 ? word.slice(0, 5) : word);
    if (found >= 0 && (position < 0 || found < position)) position = found;
  }
  const start = Math.max(0, Math.min(position < 0 ? 0 : position - 80, text.length - SNIPPET_LENGTH));
  const boundary = start === 0 ? 0 : Math.max(start, text.indexOf(' ', start) + 1);
  const end = Math.min(text.length, boundary + SNIPPET_LENGTH);
  return `${boundary > 0 ? '…' : ''}${text.slice(boundary, end).trim()}${end < text.length ? '…' : ''}`;
}

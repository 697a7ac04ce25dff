import type { SearchIndex } from './load-search-index.ts';
import { otherLocationsOf, placeSection, type OtherLocation, type PlacedSection, type SearchFilter, type SearchScope } from './place-section.ts';
import { prepareText } from './prepare-text.ts';
import type { PageContext } from './section-record.ts';

export type { SearchFilter } from './place-section.ts';

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
  score: number;
  /** The page's context; `otherLocations` lists the other paths (versions, languages) showing the same content. */
  metadata: PageContext & { otherLocations?: OtherLocation[] };
}

const MAX_QUERY_TERMS = 64;
const CANDIDATES_PER_PAGE = 20;
const SNIPPET_LENGTH = 300;
/** Versioned or multilingual sites look deeper into the ranking, since the scope drops hits outside it. */
const SCOPED_CANDIDATES_FACTOR = 4;
/** A page ranks by its best section plus a share of its next best ones: pages about the topic beat passing mentions. */
const SUPPORTING_SECTIONS = 2;
const SUPPORTING_SECTION_WEIGHT = 0.3;

/**
 * Ranks the pages of a site for a query: BM25F over sections, one entry per page (its best section).
 * A filter restricts results; the default version and language win: without a version/language in the filter,
 * results come from the site's defaults, and from the others only when the defaults have no match. Identical
 * content at several paths is one result (see `placeSection`). Bad queries (empty, huge, only stop words, emoji)
 * give an empty list, never an exception.
 */
export function search(index: SearchIndex, query: string, options: SearchOptions = {}): SearchResult[] {
  const pageSize = Math.min(50, Math.max(1, Math.floor(options.pageSize ?? 5) || 5));
  if (!index.engine || typeof query !== 'string') return [];
  const language = options.filter?.language ?? index.defaults.language;
  const queryTerms = uniqueTerms(prepareText(query.slice(0, 4000), language)).slice(0, MAX_QUERY_TERMS);
  if (queryTerms.length === 0) return [];
  const previousTerms = options.previousQuery ? uniqueTerms(prepareText(options.previousQuery.slice(0, 4000), language)).slice(0, MAX_QUERY_TERMS / 2) : [];
  // The question's terms weigh twice the previous turn's. Without a previous turn, one pass scaled ×2 ranks the
  // same at half the cost (BM25 scores add up over query terms, and wink walks a repeated term's postings again).
  const weightedQuery = previousTerms.length > 0 ? [...queryTerms, ...queryTerms, ...previousTerms].join(' ') : queryTerms.join(' ');
  const queryWeight = previousTerms.length > 0 ? 1 : 2;

  const limit = pageSize * CANDIDATES_PER_PAGE * (index.hasVersions || index.hasLanguages ? SCOPED_CANDIDATES_FACTOR : 1);
  const candidates = index.engine.search(weightedQuery, limit);
  const placed = (scope: SearchScope): [PlacedSection, number][] =>
    candidates
      .flatMap(([id, score]): [PlacedSection, number][] => {
        const section = placeSection(index, Number(id), scope);
        return section ? [[section, score * queryWeight]] : [];
      })
      .filter(([, score]) => score > 0)
      .sort((a, b) => b[1] - a[1]);
  const inDefaults = placed({ ...(options.filter ? { filter: options.filter } : {}), defaultsOnly: true });
  const hits = inDefaults.length > 0 ? inDefaults : placed({ ...(options.filter ? { filter: options.filter } : {}), defaultsOnly: false });

  const pages = new Map<string, { best: PlacedSection; bestScore: number; score: number; others: number }>();
  for (const [section, score] of hits) {
    const page = pages.get(section.path);
    if (!page) pages.set(section.path, { best: section, bestScore: score, score, others: 0 });
    else if (page.others < SUPPORTING_SECTIONS) {
      page.score += score * SUPPORTING_SECTION_WEIGHT;
      page.others += 1;
    }
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
      metadata: metadataOf(best),
    }));
}

/** A result's metadata: its page's context, plus the other paths showing the same content when there are some. */
function metadataOf(best: PlacedSection): SearchResult['metadata'] {
  const otherLocations = otherLocationsOf(best);
  return otherLocations.length > 0 ? { ...best.context, otherLocations } : best.context;
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

import { hybridSearch, type HybridSearchOptions } from './hybrid-search.ts';
import type { SearchIndex } from './load-search-index.ts';
import type { SearchFilter } from './place-section.ts';
import type { SearchResult } from './search.ts';

/**
 * The depth every search is ranked at, at least: the default page size of `POST /v1/search` and the MCP `search` tool.
 * `search` ranks from a candidate pool that grows with the page size, so without a common depth the first 5 of a
 * 5-result search and of a 10-result one differ (46 of 210 bench questions on four corpora); ranked at this depth and
 * cut, every page size up to it shows the first results of the same ranking.
 */
export const RANKING_DEPTH = 10;

/** A search as `POST /v1/search` and the MCP `search` tool take it. */
export interface PageSearch {
  query: string;
  /** Pages returned at most (1–50). */
  pageSize: number;
  /** Keep only results scoring at least this share (0–1) of the best result's score (default 0: all). */
  scoreThreshold?: number;
  filter?: SearchFilter;
}

/**
 * The one search of the search API, the MCP server and `docsmith search`: `hybridSearch` (lexical, fused with the site's vectors when it
 * has them and an embedder is given) at `RANKING_DEPTH` at least, cut to the page size, then the score threshold.
 * Scores are relative within a query (the best is 1), so the best result always stays, and a page scores the same
 * at every page size up to `RANKING_DEPTH`. The callers rank identically because all call this.
 */
export async function searchPages(
  index: SearchIndex,
  request: PageSearch,
  options: Pick<HybridSearchOptions, 'embedQuery' | 'vectorWeight' | 'onEmbeddingError' | 'wordVectors'> = {},
): Promise<SearchResult[]> {
  const ranked = await hybridSearch(index, request.query, {
    pageSize: Math.max(request.pageSize, RANKING_DEPTH),
    ...(request.filter ? { filter: request.filter } : {}),
    ...options,
  });
  const results = ranked.slice(0, request.pageSize);
  const minimumScore = (request.scoreThreshold ?? 0) * (results[0]?.score ?? 0);
  return results.filter((result) => result.score >= minimumScore);
}

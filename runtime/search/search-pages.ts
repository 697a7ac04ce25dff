import { hybridSearch, type HybridSearchOptions } from './hybrid-search.ts';
import type { SearchIndex } from './load-search-index.ts';
import type { SearchFilter } from './place-section.ts';
import type { SearchResult } from './search.ts';

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
 * The one search of the search API and the MCP server: `hybridSearch` (lexical, fused with the site's vectors when it
 * has them and an embedder is given), then the score threshold. Scores are relative within a query, so the best result
 * always stays. Both callers rank identically because both call this.
 */
export async function searchPages(index: SearchIndex, request: PageSearch, options: Pick<HybridSearchOptions, 'embedQuery' | 'vectorWeight' | 'onEmbeddingError'> = {}): Promise<SearchResult[]> {
  const results = await hybridSearch(index, request.query, { pageSize: request.pageSize, ...(request.filter ? { filter: request.filter } : {}), ...options });
  const minimumScore = (request.scoreThreshold ?? 0) * (results[0]?.score ?? 0);
  return results.filter((result) => result.score >= minimumScore);
}

export {
  loadSearchIndex,
  loadSearchIndexInSlices,
  loadSearchIndexTextInSlices,
  type SearchIndex,
} from './load-search-index.ts';
export { search, type SearchFilter, type SearchOptions, type SearchResult } from './search.ts';
export {
  DEFAULT_VECTOR_WEIGHT,
  hybridSearch,
  type HybridRetrieval,
  type HybridSearchOptions,
  type QueryEmbedder,
} from './hybrid-search.ts';
export { createQueryEmbedder, type QueryEmbedderOptions } from './create-query-embedder.ts';
export type { OtherLocation } from './place-section.ts';
export type { PageLocation } from './read-search-layout.ts';
export { siteFacets, type SiteFacets } from './site-facets.ts';
export { closestPagePaths } from './closest-page-paths.ts';
export { searchPages, type PageSearch } from './search-pages.ts';

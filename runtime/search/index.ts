export { loadSearchIndex, loadSearchIndexInSlices, loadSearchIndexTextInSlices, type SearchIndex } from './load-search-index.ts';
export { search, type SearchFilter, type SearchOptions, type SearchResult } from './search.ts';
export type { OtherLocation } from './place-section.ts';
export type { PageLocation } from './read-search-layout.ts';

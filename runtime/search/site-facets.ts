import type { SearchIndex } from './load-search-index.ts';

/** What a search index holds that a caller can filter or ask for: its versions, languages and page paths. */
export interface SiteFacets {
  /** The versions the pages carry, in first-seen order (empty when none does). */
  versions: readonly string[];
  /** The languages the pages carry, in first-seen order (empty for a one-language site). */
  languages: readonly string[];
  /** Every page path of the index (`guides/setup`, `index`), in index order, each once. */
  pagePaths: readonly string[];
}

const facetsOfIndex = new WeakMap<SearchIndex, SiteFacets>();

/** The facets of a loaded index, collected on first use and kept as long as the index lives. */
export function siteFacets(index: SearchIndex): SiteFacets {
  let facets = facetsOfIndex.get(index);
  if (!facets) {
    const languages = new Set<string>();
    const pagePaths = new Set<string>();
    // The sections of one content share one list of locations: each list is visited once.
    const visited = new Set<unknown>();
    for (const shown of index.locations) {
      if (visited.has(shown)) continue;
      visited.add(shown);
      for (const location of shown) {
        pagePaths.add(location.path);
        if (location.context.language !== undefined) languages.add(location.context.language);
      }
    }
    facets = { versions: index.versions, languages: [...languages], pagePaths: [...pagePaths] };
    facetsOfIndex.set(index, facets);
  }
  return facets;
}

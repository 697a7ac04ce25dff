import type { NavigationPage } from '../artifacts/read-navigation-pages.ts';
import { search, type SearchIndex } from '../search/index.ts';
import type { Insights, NamedPage } from './insights.ts';
import type { GroupInsights, InsightsQuery, StoreInsights } from './store-insights.ts';

/** Closest existing pages listed per content gap. */
const CLOSEST_PAGES = 3;

/** What insights read of the site's current build: its search index (closest pages) and its navigation (never cited pages). */
export interface InsightsSite {
  index: SearchIndex;
  navigation: NavigationPage[];
}

/**
 * Completes a store's insights with what only the site's build knows: for each gap, the pages the site's search
 * ranks closest to its representative question (in the version and language in scope), and the navigation pages
 * never cited. Without the build (a CLI run without artifacts) gaps have no closest pages and `neverCited` is absent.
 */
export function collectInsights(stored: StoreInsights, query: InsightsQuery, site?: InsightsSite): Insights {
  const filter = { ...(query.version !== undefined ? { version: query.version } : {}), ...(query.language !== undefined ? { language: query.language } : {}) };
  const { citedPaths, gaps, ...rest } = stored;
  const closestPages = (gap: GroupInsights): NamedPage[] =>
    site && gap.representative ? search(site.index, gap.representative, { pageSize: CLOSEST_PAGES, filter }).map((result) => ({ path: result.path, title: result.title })) : [];
  const navigation = site?.navigation ?? [];
  return {
    domain: query.domain,
    filter,
    ...rest,
    gaps: gaps.map((gap) => ({ ...gap, closestPages: closestPages(gap) })),
    ...(site ? { neverCited: neverCitedPages(site, query, new Set(citedPaths)) } : {}),
    versions: distinct(navigation.map((page) => page.version)),
    languages: distinct(navigation.map((page) => page.language)),
  };
}

/** Navigation pages of the version and language in scope (the query's, else the site's defaults; pages without either always count) that no answer cited, in navigation order. */
function neverCitedPages(site: InsightsSite, query: InsightsQuery, cited: ReadonlySet<string>): NamedPage[] {
  const version = query.version ?? site.index.defaults.version;
  const language = query.language ?? site.index.defaults.language;
  const seen = new Set<string>();
  return site.navigation
    .filter((page) => (page.version === undefined || version === undefined || page.version === version) && (page.language === undefined || language === undefined || page.language === language))
    .filter((page) => !cited.has(page.path) && !seen.has(page.path) && seen.add(page.path))
    .map((page) => ({ path: page.path, title: page.title }));
}

function distinct(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))];
}

import type { NavigationPage } from '../artifacts/read-navigation-pages.ts';
import { search, type SearchIndex } from '../search/index.ts';
import type { AnalyticsStore } from './analytics-store.ts';
import type { Insights, NamedPage } from './insights.ts';
import { mergeGapTopics, type GapTopic } from './merge-gap-topics.ts';
import type { InsightsQuery } from './store-insights.ts';

/** Closest existing pages listed per content gap. */
const CLOSEST_PAGES = 3;

/** What insights read of the site's current build: its search index (closest pages) and its navigation (never cited pages). */
export interface InsightsSite {
  index: SearchIndex;
  navigation: NavigationPage[];
}

/** A term in at most one section in 500 (and at most this many) is one the site lacks, for merging gaps: "Microsoft" in 3 of 1,963 sections. */
const MAX_RARE_SECTIONS = 5;
/** Gap groups read per gap listed: the groups merged into topics come from these. */
const GAP_CANDIDATES_PER_GAP = 3;

/**
 * The insights of a query: the store's, completed with what only the site's build knows. Gap groups about the same
 * missing topic are merged (`mergeGapTopics`: terms the site holds nowhere), from three times as many gap groups as
 * listed, a term in at most one section in 500 counting as lacking; each gap gets the pages the site's search ranks closest to its phrasings together (in the version and language in
 * scope); the navigation pages never cited are counted and the first `limit` listed. Without the build (a CLI run without artifacts)
 * gaps are not merged, have no closest pages, and `neverCited` is absent.
 */
export async function collectInsights(
  store: Pick<AnalyticsStore, 'insights'>,
  query: InsightsQuery,
  site?: InsightsSite,
): Promise<Insights> {
  const limit = query.limit ?? 20;
  const stored = await store.insights(site ? { ...query, limit: limit * GAP_CANDIDATES_PER_GAP } : query);
  const filter = {
    ...(query.version !== undefined ? { version: query.version } : {}),
    ...(query.language !== undefined ? { language: query.language } : {}),
  };
  const { citedPaths, gaps, ...rest } = stored;
  const engine = site?.index.engine;
  const rare = Math.min(MAX_RARE_SECTIONS, Math.floor((site?.index.sections.length ?? 0) / 500));
  const topics = engine
    ? mergeGapTopics(gaps, (term) => engine.documentFrequency(term) <= rare)
    : gaps.map((gap) => ({ ...gap, alsoAsked: [] }));
  const closestPages = (gap: GapTopic): NamedPage[] =>
    site && gap.representative
      ? search(site.index, [gap.representative, ...gap.alsoAsked].join(' '), { pageSize: CLOSEST_PAGES, filter }).map(
          (result) => ({ path: result.path, title: result.title }),
        )
      : [];
  const navigation = site?.navigation ?? [];
  const neverCited = site ? neverCitedPages(site, query, new Set(citedPaths)) : undefined;
  return {
    domain: query.domain,
    filter,
    ...rest,
    groups: rest.groups.slice(0, limit),
    gaps: topics.slice(0, limit).map((gap) => ({ ...gap, closestPages: closestPages(gap) })),
    pages: rest.pages.slice(0, limit),
    downPages: rest.downPages.slice(0, limit),
    comments: rest.comments.slice(0, limit),
    ...(neverCited ? { neverCited: neverCited.slice(0, limit), neverCitedTotal: neverCited.length } : {}),
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
    .filter(
      (page) =>
        (page.version === undefined || version === undefined || page.version === version) &&
        (page.language === undefined || language === undefined || page.language === language),
    )
    .filter((page) => !cited.has(page.path) && !seen.has(page.path) && seen.add(page.path))
    .map((page) => ({ path: page.path, title: page.title }));
}

function distinct(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))];
}

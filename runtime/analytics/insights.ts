import type { GapTopic } from './merge-gap-topics.ts';
import type { StoreInsights } from './store-insights.ts';

/** A page of the site, named. */
export interface NamedPage {
  path: string;
  title: string;
}

/** A content gap: the groups asking about one thing the docs failed, with the pages closest to it (where the answer belongs). */
export interface GapInsights extends GapTopic {
  closestPages: NamedPage[];
}

/** The owner's insights of a domain over a range: what the dashboard shows and `docsmith insights` prints. */
export interface Insights extends Omit<StoreInsights, 'gaps' | 'citedPaths'> {
  domain: string;
  /** The version and language the insights are narrowed to (absent: all). */
  filter: { version?: string; language?: string };
  gaps: GapInsights[];
  /** Navigation pages of the version and language in scope (the site's defaults when the filter names none) no answer cited, the first `limit` in navigation order; undefined without the site's build. */
  neverCited?: NamedPage[];
  /** How many navigation pages in scope no answer cited, listed or not; undefined without the site's build. */
  neverCitedTotal?: number;
  /** The versions and languages of the site's navigation, for the filters. */
  versions: string[];
  languages: string[];
}

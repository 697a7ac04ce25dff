import type { SearchIndex } from './load-search-index.ts';
import { isHubPage } from './page-index.ts';
import type { RankedPage } from './ranked-page.ts';
import type { SearchQuery } from './search-query.ts';
import { placeLabels } from './title-qualifiers.ts';

/** Boost of a page whose whole title is in the query (a share of it for part of the title). */
const TITLE_COVERAGE_WEIGHT = 0.3;
/**
 * Pages whose scores are within this factor of each other match "about as well": the factor by which the reader's
 * page (`currentPath`) and the reader's twin of a shared title are raised, and by which a page naming what the
 * question excludes and a hub page are lowered, so that the page the evidence prefers wins a near tie, never a clear
 * win of another page.
 */
const ABOUT_AS_WELL = 1.2;
/** How strongly a page's `boost` counts: `boost: 3` raises its score ×1.39, `boost: 10` ×2, `boost: 0.25` lowers it ×0.66. */
const BOOST_EXPONENT = 0.3;

/**
 * Multiplies each ranked page's score by what its page says beyond the matches: title coverage (raised by the share
 * of its title's terms the query asks for: "push a model" → the "Push a model" page), its `boost`, and by
 * `ABOUT_AS_WELL`: lowered when its title or description names what the question excludes ("without blocking" → the
 * blocking variant) or when it is a hub (mostly links), raised when it is the reader's page (`currentPath`) or the
 * reader's twin among pages of one title (the Python "Reference" for a reader of the Python quickstart).
 */
export function applyPageFactors(
  index: SearchIndex,
  pages: Map<string, RankedPage>,
  query: SearchQuery,
  currentPath: string | undefined,
): void {
  const pageIndex = index.pages;
  const asked = new Set(query.terms.map((entry) => entry.term));
  const reader = currentPath === undefined ? undefined : readerLabels(index, currentPath);
  for (const [path, page] of pages) {
    if (pageIndex) {
      // The page index knows each content by its preferred page, the first place it is shown at.
      const number =
        pageIndex.pageOfPath.get(index.locations[page.best.document]?.[0]?.path ?? page.best.location.path) ?? -1;
      const titleTerms = pageIndex.titleTermsOfPage[number] ?? [];
      // A qualifier ("Organizations" of a "List") counts when the question names it, and does not dilute the title when it does not.
      const titleAsked = titleTerms.filter((term) => asked.has(term)).length;
      const qualifierAsked = (pageIndex.qualifierTermsOfPage[number] ?? []).filter((term) => asked.has(term)).length;
      if (titleTerms.length > 0)
        page.score *=
          1 + (TITLE_COVERAGE_WEIGHT * (titleAsked + qualifierAsked)) / (titleTerms.length + qualifierAsked);
      if (
        query.excluded.size > 0 &&
        [...query.excluded].some((term) => pageIndex.subjectTermsOfPage[number]?.has(term))
      )
        page.score /= ABOUT_AS_WELL;
      if (number >= 0 && isHubPage(pageIndex, number)) page.score /= ABOUT_AS_WELL;
    }
    const boost = page.best.location.boost;
    // Mintlify documents `boost` as a multiplier of relevance, but the fused scores of a query's top pages lie within a
    // factor of about 2 of each other: a plain `boost: 3` would put a boosted page first for any query it barely matches.
    if (boost !== undefined) page.score *= boost ** BOOST_EXPONENT;
    if (path === currentPath) page.score *= ABOUT_AS_WELL;
    else if (reader) {
      const qualifier = index.titleQualifiers.get(path)?.label.toLowerCase();
      if (qualifier !== undefined && reader.has(qualifier)) page.score *= ABOUT_AS_WELL;
    }
  }
}

/** The navigation names and route folders of the reader's page (lower-cased), when the index has it. */
function readerLabels(index: SearchIndex, currentPath: string): Set<string> | undefined {
  const number = index.pages?.pageOfPath.get(currentPath);
  const section = number === undefined ? undefined : index.sections[index.pages?.firstSectionOfPage[number] ?? -1];
  return section ? new Set(placeLabels(section).map((label) => label.toLowerCase())) : undefined;
}

import type { GroupInsights, PageInsights, StoreInsights } from './store-insights.ts';

/** Groups by `key` (most first; ties: the larger id, as Redis ranks equal scores), at most `limit`: one order for every store. */
export function rankGroups(groups: GroupInsights[], key: 'questions' | 'gaps', limit: number): GroupInsights[] {
  return groups
    .filter((group) => group[key] > 0)
    .sort((left, right) => right[key] - left[key] || (left.id < right.id ? 1 : left.id > right.id ? -1 : 0))
    .slice(0, limit);
}

/**
 * The page lists of the insights from every page cited in the range: the `limit` cited most (ties by path), the
 * `limit` most cited by thumbed-down answers, and every cited path (sorted).
 */
export function rankPages(
  pages: PageInsights[],
  limit: number,
): Pick<StoreInsights, 'pages' | 'downPages' | 'citedPaths'> {
  const byPath = (left: PageInsights, right: PageInsights): number =>
    left.path < right.path ? -1 : left.path > right.path ? 1 : 0;
  return {
    pages: [...pages].sort((left, right) => right.citations - left.citations || byPath(left, right)).slice(0, limit),
    downPages: pages
      .filter((page) => page.down > 0)
      .sort((left, right) => right.down - left.down || right.citations - left.citations || byPath(left, right))
      .slice(0, limit),
    citedPaths: pages.map((page) => page.path).sort(),
  };
}

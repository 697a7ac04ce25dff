import { distance } from 'fastest-levenshtein';

/** How many paths an unknown page path's message names. */
const NAMED_PATHS = 3;

/**
 * The page paths closest to one that names no page, by edit distance (ties in the site's order): what a "no such
 * page" message suggests instead.
 */
export function closestPagePaths(pagePaths: readonly string[], requested: string, count = NAMED_PATHS): string[] {
  return pagePaths
    .map((pagePath, order) => ({ pagePath, order, distance: distance(pagePath, requested) }))
    .sort((left, right) => left.distance - right.distance || left.order - right.order)
    .slice(0, count)
    .map((candidate) => candidate.pagePath);
}

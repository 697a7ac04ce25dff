import { matchRedirect, type Redirect } from '../navigation/match-redirect.ts';

/** Hops followed through redirects that lead to other redirects, at most. */
const MAX_HOPS = 10;

/**
 * Whether the redirects of a release take `path` to somewhere a reader lands: an external URL, or (through at most
 * ten redirects) a page of the release, a folder holding its pages, or a page under a base path the redirects are
 * written with (`/docs/quickstart` for `quickstart`). False when no redirect matches, when they loop, or when the
 * last one leads to no page.
 */
export function redirectReachesPage(
  redirects: readonly Redirect[],
  path: string,
  pagePaths: ReadonlySet<string>,
): boolean {
  let current = path;
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    const match = matchRedirect(redirects, current);
    if (!match) return hop > 0 && landsOnPage(current, pagePaths);
    if (/^[a-z][a-z0-9+.-]*:/i.test(match.destination) || match.destination.startsWith('//')) return true;
    const destination = match.destination.replace(/[?#].*$/, '');
    if (landsOnPage(destination, pagePaths)) return true;
    current = destination;
  }
  return false;
}

function landsOnPage(destination: string, pagePaths: ReadonlySet<string>): boolean {
  const route = destination.replace(/^\/+|\/+$/g, '').replace(/\.mdx?$/, '');
  if (route === '' || pagePaths.has(route) || pagePaths.has(`${route}/index`)) return true;
  for (const page of pagePaths) if (page.startsWith(`${route}/`) || route.endsWith(`/${page}`)) return true;
  return false;
}

/**
 * The page path (as search results name pages: `guides/setup`, `index` for the root) of the assistant request's
 * `currentPath`, which a client may send as a path (`/guides/setup`, `/guides/setup/`, `/guides/setup.md`), with an
 * `#anchor` or `?query`, as a whole URL, or under the site's base path (`/docs/guides/setup` when the site is
 * served at `https://example.com/docs`).
 */
export function currentPagePath(currentPath: string, siteUrl: string): string {
  let pathname = currentPath.trim().replace(/[?#].*$/s, '');
  if (/^https?:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return '';
    }
  }
  const basePath = basePathOf(siteUrl);
  if (basePath && (pathname === basePath || pathname.startsWith(`${basePath}/`)))
    pathname = pathname.slice(basePath.length);
  const page = pathname.replace(/^\/+|\/+$/g, '').replace(/\.mdx?$/i, '');
  return page === '' ? 'index' : page;
}

/** The path a site is served under (`/docs` for `https://example.com/docs/`), without a trailing slash; '' at a domain's root. */
function basePathOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

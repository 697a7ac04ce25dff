import { isExternalLink } from '../config/is-external-link.ts';
import type { ConfigPosition } from '../config/config-position.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import { hasAnchorOrQuery, isWildcardSource, matchRedirect, type Redirect } from './match-redirect.ts';

const MAX_HOPS = 10;

/**
 * Checks redirects against the site, read without the base path they are all written under when the site is served
 * below one (`/docs/old` → `/docs/new` on a site hosted at `/docs`, see `redirectBasePath`): loops (warning: the platform deploys them, and the build goes on), chains of more than one hop (warning naming the final
 * target), sources that shadow an existing page (warning), internal destinations that reach no page nor a
 * folder of pages nor a page's Markdown export nor a static file of the site (warning; destinations in the folder of a spec that did not load are not judged) and sources with an `#anchor` or `?query`, which never apply (warning; not checked further).
 * Duplicate sources are reported by config validation.
 */
export function checkRedirects(
  written: readonly Redirect[],
  options: {
    routes: ReadonlySet<string>;
    locate: (pointer: string) => ConfigPosition;
    /** Folders of the navigation's visible pages (`routeFolders`), which serve their first page (default none). */
    folders?: ReadonlySet<string>;
    /** Folders of specs that did not load, whose routes are unknown (default none). */
    unknownFolders?: readonly string[];
    /**
     * Every file of the site (text and assets, site paths): a destination naming one that is no page file is a
     * static file the platform serves at its path (`/assets/catalog.json`, `/files/guide.pdf`; default none).
     */
    files?: ReadonlySet<string>;
  },
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const redirects = redirectsOfSite(written, options.routes);
  const report = (
    index: number,
    field: string,
    severity: Diagnostic['severity'],
    ruleId: RuleId,
    message: string,
    hint?: string,
  ): void => {
    const pointer = `/redirects/${index}/${field}`;
    diagnostics.push({ ...options.locate(pointer), pointer, severity, ruleId, message, ...(hint ? { hint } : {}) });
  };
  const isPage = (path: string): boolean => options.routes.has(routeOf(path));
  /** A page's Markdown export: the platform serves every page's Markdown at its path plus `.md` (`/guides/intro.md`). */
  const isMarkdownExport = (path: string): boolean => {
    const route = routeOf(path);
    return route.endsWith('.md') && options.routes.has(route.slice(0, -'.md'.length));
  };
  /** A static file of the site (no page file: the platform serves `.md`/`.mdx` files as pages, not as files). */
  const isStaticFile = (path: string): boolean => {
    const route = routeOf(path);
    return !/\.mdx?$/i.test(route) && (options.files?.has(decodeRoute(route)) ?? false);
  };
  /**
   * A destination may be the site root `/` (it always serves a page: index, else the first page of the navigation),
   * a page's Markdown export, a static file of the site (the platform serves every file of the repository at its
   * path), a folder of pages that no redirect claims (the platform serves its first page) or a route in the folder
   * of a spec that did not load.
   */
  const isTarget = (path: string): boolean => {
    const route = routeOf(path);
    if (isPage(path) || isMarkdownExport(path) || isStaticFile(path) || route === 'index') return true;
    if (options.folders?.has(route)) return !matchRedirect(redirects, path);
    return options.unknownFolders?.some((folder) => route === folder || route.startsWith(`${folder}/`)) ?? false;
  };
  redirects.forEach((redirect, index) => {
    if (hasAnchorOrQuery(redirect.source)) {
      report(
        index,
        'source',
        'warning',
        'redirect-anchor-or-query',
        `Unexpected anchor or query in redirect source \`${written[index]?.source}\`, expected a path: redirects cannot include them, so this one never applies`,
        'Redirect the page path, or keep the old anchor as a heading id on the page.',
      );
      return;
    }
    if (!isWildcardSource(redirect.source) && isPage(redirect.source)) {
      report(
        index,
        'source',
        'warning',
        'redirect-shadows-page',
        `Unexpected redirect from \`${written[index]?.source}\`, which is also a page: the redirect wins and the page is unreachable`,
      );
    }
    if (isExternalLink(redirect.destination) || isWildcardSource(redirect.destination)) return;
    const seen = [routeOf(redirect.source)];
    let current = redirect.destination;
    let hops = 1;
    while (!isTarget(current) && hops <= MAX_HOPS) {
      const next = matchRedirect(redirects, current);
      if (!next) break;
      if (seen.includes(routeOf(current))) {
        report(
          index,
          'destination',
          'warning',
          'redirect-loop',
          `Unexpected redirect loop: ${[...seen, routeOf(current)].map((path) => `/${path}`).join(' → ')}`,
          'Point the redirect at a page.',
        );
        return;
      }
      seen.push(routeOf(current));
      current = next.destination;
      hops += 1;
      if (isExternalLink(current)) break;
    }
    if (hops > 1 && !seen.includes(routeOf(current))) {
      report(
        index,
        'destination',
        'warning',
        'redirect-chain',
        `Redirect \`${written[index]?.source}\` takes ${hops} hops, expected one`,
        `Point it straight at \`${current}\`.`,
      );
    }
    if (!isExternalLink(current) && !isTarget(current) && !matchRedirect(redirects, current)) {
      report(
        index,
        'destination',
        'warning',
        'redirect-dangling',
        `Unexpected redirect destination \`${written[index]?.destination}\`, expected a page of the site`,
      );
    }
  });
  return diagnostics;
}

/** A route with its percent-escapes decoded (`files/my%20guide.pdf` → `files/my guide.pdf`); as written when malformed. */
function decodeRoute(route: string): string {
  try {
    return decodeURI(route);
  } catch {
    return route;
  }
}

function routeOf(path: string): string {
  const route = (path.split(/[?#]/)[0] ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
  return route === '' ? 'index' : route;
}

/**
 * The redirects as routes of the site: without the base path they are all written under when the site is served below
 * one (`redirectBasePath`), else as written. Links of the pages, written from the site root, are judged against these.
 */
export function redirectsOfSite(redirects: readonly Redirect[], routes: ReadonlySet<string>): readonly Redirect[] {
  const base = redirectBasePath(redirects, routes);
  return base
    ? redirects.map((redirect) => ({
        ...redirect,
        source: withoutBase(redirect.source, base),
        destination: withoutBase(redirect.destination, base),
      }))
    : redirects;
}

/**
 * The base path a site's redirects are written under when it is served below one (Formbricks at `/docs`: every
 * redirect reads `/docs/old` → `/docs/new`): the first segment every internal source starts with, when the site has
 * no page or folder of that name and at least half of the plain destinations under it are pages without it.
 */
function redirectBasePath(redirects: readonly Redirect[], routes: ReadonlySet<string>): string | undefined {
  const internal = redirects.filter((redirect) => !isExternalLink(redirect.source));
  const first = routeOf(internal[0]?.source ?? '').split('/')[0] ?? '';
  if (internal.length < 2 || first === 'index' || /[:*]/.test(first)) return undefined;
  if (!internal.every((redirect) => routeOf(redirect.source).startsWith(`${first}/`))) return undefined;
  if ([...routes].some((route) => route === first || route.startsWith(`${first}/`))) return undefined;
  const base = `/${first}`;
  const under = internal.filter(
    (redirect) => !isWildcardSource(redirect.destination) && routeOf(redirect.destination).startsWith(`${first}/`),
  );
  const pagesWithout = under.filter((redirect) => routes.has(routeOf(withoutBase(redirect.destination, base)))).length;
  return pagesWithout > 0 && pagesWithout * 2 >= under.length ? base : undefined;
}

/** A path without the base path it starts with (`/docs/a` → `/a`); other paths as they are. */
function withoutBase(path: string, base: string): string {
  if (isExternalLink(path)) return path;
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return absolute === base ||
    absolute.startsWith(`${base}/`) ||
    absolute.startsWith(`${base}?`) ||
    absolute.startsWith(`${base}#`)
    ? absolute.slice(base.length) || '/'
    : path;
}

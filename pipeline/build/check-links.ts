import path from 'node:path/posix';
import type { ParsedPage } from '../content/parsed-page.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { matchRedirect } from '../navigation/match-redirect.ts';

/** What a link may point at: the routes of the site and its redirects. */
export interface LinkTargets {
  routes: ReadonlySet<string>;
  redirects: readonly { source: string; destination: string; permanent: boolean }[];
}

const EXTERNAL_LINK = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;
/** The route of `/`: the site root always serves a page (index, else the first page of the navigation). */
const SITE_ROOT = 'index';
const ASSET_EXTENSION = /\.(?!mdx?$)[a-z0-9]{1,5}$/i;

/**
 * Checks every internal link of the pages (`[x](/path)`, `<Card href="/path">`) against the site's routes
 * and redirects; a link that reaches neither is a `broken-link` warning at its file:line:col.
 */
export function checkLinks(pages: Iterable<ParsedPage>, targets: LinkTargets): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    for (const link of page.links) {
      const route = linkRoute(page.file, link.url);
      if (route === undefined || route === SITE_ROOT || targets.routes.has(route)) continue;
      if (matchRedirect(targets.redirects, route)) continue;
      diagnostics.push({
        file: page.file,
        line: link.line,
        column: link.column,
        severity: 'warning',
        ruleId: 'broken-link',
        message: `Unexpected link to \`${link.url}\`, expected a page of the site or a redirect source`,
        hint: 'Fix the path, or add a redirect from the old path in docs.json.',
      });
    }
  }
  return diagnostics;
}

/** The route an internal link points at, or undefined for external links, anchors and static assets. */
function linkRoute(pageFile: string, url: string): string | undefined {
  if (EXTERNAL_LINK.test(url) || url.trim() === '') return undefined;
  const withoutFragment = url.split(/[?#]/)[0] ?? '';
  if (withoutFragment === '' || ASSET_EXTENSION.test(withoutFragment)) return undefined;
  const absolute = withoutFragment.startsWith('/') ? withoutFragment : path.join('/', path.dirname(pageFile), withoutFragment);
  const route = path.normalize(absolute).replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.mdx?$/, '');
  return route === '' ? 'index' : route;
}

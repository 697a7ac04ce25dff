import path from 'node:path/posix';
import { suggestName } from '../config/suggest-name.ts';
import type { ParsedPage } from '../content/parsed-page.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { ruleSeverity, type RuleId } from '../diagnostics/rule-catalogue.ts';
import { matchRedirect } from '../navigation/match-redirect.ts';
import { anchorKey } from './collect-anchors.ts';
import { pagePathForFile } from '../site/load-site.ts';

/** What a link may point at: the routes of the site, its redirects, the anchors of each page and its files. */
export interface LinkTargets {
  routes: ReadonlySet<string>;
  redirects: readonly { source: string; destination: string; permanent: boolean }[];
  /** The `anchorKey`s each route offers (`collectAnchors`); a route without an entry is not anchor-checked (default: none checked). */
  anchors?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Every file of the site (text and assets); unset skips the image check (default unset). */
  files?: ReadonlySet<string>;
}

const EXTERNAL_LINK = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** The route of `/`: the site root always serves a page (index, else the first page of the navigation). */
const SITE_ROOT = 'index';
const ASSET_EXTENSION = /\.(?!mdx?$)[a-z0-9]{1,5}$/i;

/**
 * Checks every link of the pages: an internal link (`[x](/path)`, `<Card href="/path">`) must reach a route or a
 * redirect (`broken-link`, with the closest route as a hint), its `#anchor` — or a same-page `#anchor` — a heading
 * of the target page (`broken-anchor`), and an image source a file of the site (`missing-image`).
 */
export function checkLinks(pages: Iterable<ParsedPage>, targets: LinkTargets): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const report = (link: { line: number; column: number }, ruleId: RuleId, message: string, hint?: string): void => {
      diagnostics.push({ file: page.file, line: link.line, column: link.column, severity: ruleSeverity(ruleId), ruleId, message, ...(hint ? { hint } : {}) });
    };
    for (const link of page.links) {
      const url = link.url.trim();
      if (url === '' || EXTERNAL_LINK.test(url)) continue;
      if (link.kind === 'image') {
        const file = sitePath(page.file, url);
        if (targets.files && !targets.files.has(file)) {
          const suggestion = suggestName(file, [...targets.files].filter((candidate) => path.extname(candidate) === path.extname(file)));
          report(link, 'missing-image', `Unexpected image \`${link.url}\`, expected a file of the site (looked for ${file})`, suggestion ? `Did you mean \`/${suggestion}\`?` : 'Add the image or fix its path.');
        }
        continue;
      }
      const [target = '', fragment] = splitFragment(url);
      const route = target === '' ? pagePathForFile(page.file) : linkRoute(page.file, target);
      if (route === undefined) continue;
      if (target !== '' && route !== SITE_ROOT && !targets.routes.has(route)) {
        if (matchRedirect(targets.redirects, route)) continue;
        const suggestion = suggestName(route, targets.routes);
        report(link, 'broken-link', `Unexpected link to \`${link.url}\`, expected a page of the site or a redirect source`,
          suggestion ? `Did you mean \`/${suggestion}\`?` : 'Fix the path, or add a redirect from the old path in docs.json.');
        continue;
      }
      const anchors = targets.anchors?.get(route);
      if (fragment === undefined || fragment === '' || !anchors || anchors.has(anchorKey(fragment))) continue;
      const closest = suggestName(anchorKey(fragment), anchors.keys());
      const suggestion = closest === undefined ? undefined : anchors.get(closest);
      report(link, 'broken-anchor', `Unexpected anchor \`#${fragment}\` in \`${link.url}\`, expected a heading of ${target === '' ? 'this page' : `\`/${route}\``}`,
        suggestion ? `Did you mean \`#${suggestion}\`?` : 'Link to an existing heading, or drop the anchor.');
    }
  }
  return diagnostics;
}

/** `path#fragment` → [path, fragment]; a query string is dropped. */
function splitFragment(url: string): [string, string | undefined] {
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  return [beforeHash.split('?')[0] ?? '', hash === -1 ? undefined : url.slice(hash + 1)];
}

/** The site file an image source names: from the site root with a leading `/`, else relative to the page. */
function sitePath(pageFile: string, url: string): string {
  const withoutQuery = url.split(/[?#]/)[0] ?? '';
  let decoded = withoutQuery;
  try {
    decoded = decodeURI(withoutQuery);
  } catch {
    decoded = withoutQuery;
  }
  const absolute = decoded.startsWith('/') ? decoded : path.join('/', path.dirname(pageFile), decoded);
  return path.normalize(absolute).replace(/^\/+/, '');
}

/** The route an internal link path points at, or undefined for static assets. */
function linkRoute(pageFile: string, target: string): string | undefined {
  if (ASSET_EXTENSION.test(target)) return undefined;
  const absolute = target.startsWith('/') ? target : path.join('/', path.dirname(pageFile), target);
  const route = path.normalize(absolute).replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.mdx?$/, '');
  return route === '' ? 'index' : route;
}

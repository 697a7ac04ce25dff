import path from 'node:path/posix';
import { suggestName } from '../config/suggest-name.ts';
import { isExternalLink } from '../config/is-external-link.ts';
import type { ParsedPage } from '../content/parsed-page.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { ruleSeverity, type RuleId } from '../diagnostics/rule-catalog.ts';
import { matchRedirect } from '../navigation/match-redirect.ts';
import { anchorKey } from './collect-anchors.ts';
import { pagePathForFile } from '../site/load-site.ts';

/** What a link may point at: the routes of the site, its redirects, the anchors of each page and its files. */
export interface LinkTargets {
  routes: ReadonlySet<string>;
  redirects: readonly { source: string; destination: string; permanent: boolean }[];
  /**
   * The `anchorKey`s each route offers (`collectAnchors`), asked for on the first link with an anchor (a site without
   * any never collects them); a route without an entry is not anchor-checked (default: none checked).
   */
  anchors?: () => ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Every file of the site (text and assets); unset skips the image check (default unset). */
  files?: ReadonlySet<string>;
  /**
   * Folders whose endpoint pages come from specs that did not load (a remote spec without `--allow-network`): their
   * routes are unknown, so links into them are not judged (default none).
   */
  unknownFolders?: readonly string[];
  /** Folders of the navigation's visible pages (`routeFolders`): a link to one reaches its first page (default none). */
  folders?: ReadonlySet<string>;
  /**
   * Base paths the site may be served below (`siteBasePaths`): an absolute image path under one that is no folder of
   * the site is looked up without it, as the platform does (`/docs/images/a.png` on a site hosted at `/docs`; default none).
   */
  basePaths?: readonly string[];
}

/** The route of `/`: the site root always serves a page (index, else the first page of the navigation). */
const SITE_ROOT = 'index';
const ASSET_EXTENSION = /\.(?!mdx?$)[a-z0-9]{1,5}$/i;

/** What a check found wrong with a link, without its position (the same for every page that has the same link to the same target). */
interface LinkProblem {
  ruleId: RuleId;
  message: string;
  hint: string;
}

/**
 * Checks every link of the pages: an internal link (`[x](/path)`, `<Card href="/path">`) must reach a route, a
 * redirect or a folder of pages (the platform sends `/guides` to the first page under `guides/`) — else
 * `broken-link`, with the closest route as a hint — its `#anchor` — or a same-page `#anchor` — a heading
 * of the target page (`broken-anchor`), and an image source a file of the site (`missing-image`). Each distinct
 * link (its text and the route or file it resolves to) is judged once: copies of a page across versions and
 * languages only repeat the diagnostic at their own file.
 */
export function checkLinks(pages: Iterable<ParsedPage>, targets: LinkTargets): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const verdicts = new Map<string, LinkProblem | undefined>();
  let anchors: ReadonlyMap<string, ReadonlyMap<string, string>> | undefined;
  const isFolder = (route: string): boolean => targets.folders?.has(route) ?? false;
  const anchorsOf = (route: string): ReadonlyMap<string, string> | undefined =>
    (anchors ??= targets.anchors?.() ?? new Map()).get(route);
  const judge = (key: string, check: () => LinkProblem | undefined): LinkProblem | undefined => {
    if (verdicts.has(key)) return verdicts.get(key);
    const problem = check();
    verdicts.set(key, problem);
    return problem;
  };
  for (const page of pages) {
    for (const link of page.links) {
      const url = link.url.trim();
      if (url === '' || isExternalLink(url)) continue;
      let problem: LinkProblem | undefined;
      if (link.kind === 'image') {
        const file = sitePath(page.file, url);
        problem = judge(`image\u0000${link.url}\u0000${file}`, () => checkImage(link.url, file, targets));
      } else {
        const [target = '', fragment] = splitFragment(url);
        const route = target === '' ? pagePathForFile(page.file) : linkRoute(page.file, target);
        if (route === undefined) continue;
        problem = judge(`link\u0000${link.url}\u0000${route}`, () =>
          checkPageLink(link.url, target, route, fragment, targets, anchorsOf, isFolder),
        );
      }
      if (problem)
        diagnostics.push({
          file: page.file,
          line: link.line,
          column: link.column,
          severity: ruleSeverity(problem.ruleId),
          ...problem,
        });
    }
  }
  return diagnostics;
}

function checkImage(url: string, file: string, targets: LinkTargets): LinkProblem | undefined {
  const files = targets.files;
  if (!files || files.has(file)) return undefined;
  if (url.trim().startsWith('/') && underBasePath(file, files, targets.basePaths ?? [])) return undefined;
  const suggestion = suggestName(
    file,
    [...files].filter((candidate) => path.extname(candidate) === path.extname(file)),
  );
  return {
    ruleId: 'missing-image',
    message: `Unexpected image \`${url}\`, expected a file of the site (looked for ${file})`,
    hint: suggestion ? `Did you mean \`/${suggestion}\`?` : 'Add the image or fix its path.',
  };
}

/** Whether `file` names a file of the site once a base path it starts with is taken off, that base path being no folder of the site. */
function underBasePath(file: string, files: ReadonlySet<string>, basePaths: readonly string[]): boolean {
  return basePaths.some((base) => {
    const prefix = `${base.replace(/^\/+/, '')}/`;
    if (!file.startsWith(prefix)) return false;
    const rest = file.slice(prefix.length);
    return files.has(rest) && ![...files].some((candidate) => candidate.startsWith(prefix));
  });
}

function checkPageLink(
  url: string,
  target: string,
  route: string,
  fragment: string | undefined,
  targets: LinkTargets,
  anchorsOf: (route: string) => ReadonlyMap<string, string> | undefined,
  isFolder: (route: string) => boolean,
): LinkProblem | undefined {
  if (target !== '' && route !== SITE_ROOT && !targets.routes.has(route)) {
    if (matchRedirect(targets.redirects, route) || isFolder(route)) return undefined;
    if (targets.unknownFolders?.some((folder) => route.startsWith(`${folder}/`))) return undefined;
    const unescaped = pageWithUnescapedPath(url, route, targets.routes);
    if (unescaped) {
      return {
        ruleId: 'broken-link',
        message: `Unexpected link to \`${url}\`, expected \`/${route}\` to be a page: the page \`${unescaped}\` is cut at its \`${unescaped.charAt(route.length)}\``,
        hint: `\`#\` and \`?\` end the path of a URL: write \`/${unescaped.split('/').map(encodeURIComponent).join('/')}\`, or rename the page file.`,
      };
    }
    const suggestion = suggestName(route, targets.routes);
    return {
      ruleId: 'broken-link',
      message: `Unexpected link to \`${url}\`, expected a page of the site or a redirect source`,
      hint: suggestion
        ? `Did you mean \`/${suggestion}\`?`
        : 'Fix the path, or add a redirect from the old path in docs.json.',
    };
  }
  if (fragment === undefined || fragment === '') return undefined;
  const anchors = anchorsOf(route);
  if (!anchors || anchors.has(anchorKey(fragment))) return undefined;
  const closest = suggestName(anchorKey(fragment), anchors.keys());
  const suggestion = closest === undefined ? undefined : anchors.get(closest);
  return {
    ruleId: 'broken-anchor',
    message: `Unexpected anchor \`#${fragment}\` in \`${url}\`, expected a heading of ${target === '' ? 'this page' : `\`/${route}\``}`,
    hint: suggestion ? `Did you mean \`#${suggestion}\`?` : 'Link to an existing heading, or drop the anchor.',
  };
}

/** The route of a page whose path holds `#` or `?`, when a link written without escaping them names it (`/c#sharp` for page `c#sharp`). */
function pageWithUnescapedPath(url: string, route: string, routes: ReadonlySet<string>): string | undefined {
  const rest = /[#?]/.exec(url);
  if (!rest) return undefined;
  const candidate = `${route}${url.slice(rest.index)}`.replace(/\/+$/, '');
  return routes.has(candidate) ? candidate : undefined;
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

/** The route an internal link path points at, percent-escapes decoded (`/c%23sharp` → `c#sharp`), or undefined for static assets. */
function linkRoute(pageFile: string, target: string): string | undefined {
  if (ASSET_EXTENSION.test(target)) return undefined;
  const decoded = target.includes('%') ? target.split('/').map(decodeSegment).join('/') : target;
  const absolute = decoded.startsWith('/') ? decoded : path.join('/', path.dirname(pageFile), decoded);
  const route = path
    .normalize(absolute)
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.mdx?$/, '');
  return route === '' ? 'index' : route;
}

/** One path segment with its percent-escapes decoded; kept as written when they are malformed. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

import { isDeepStrictEqual } from 'node:util';
import type { Manifest, ManifestPage, ManifestRedirect } from '../../schemas/manifest.ts';
import type { PageContext } from '../../contract/search/section-record.ts';
import { redirectReachesPage } from './redirect-reaches-page.ts';

/** A page as the diff names it. */
export interface DiffPage {
  path: string;
  title: string;
  kind: ManifestPage['kind'];
}

/** What the diff compares of a page: the same in manifest formats 1 and 2, so releases of either compare. */
type ReleasePage = Pick<ManifestPage, 'path' | 'title' | 'kind' | 'contentHash' | 'context'>;

/** Where a page sits in the navigation, compared between releases. */
export type NavigationPlace = Omit<PageContext, 'groups'> & { groups: string[] };

/** A change that breaks inbound links: an old path of a page, or of a redirect, leads nowhere in the new release. */
export interface BreakingChange {
  path: string;
  /** The page's title; for a redirect, the title of the page it led to (empty when it led to a folder or a URL). */
  title: string;
  reason: 'removed' | 'moved' | 'redirect-removed';
  /** New path of a moved page. */
  movedTo?: string;
  /** Where a redirect that is gone, or leads nowhere now, led in the old release. */
  redirectedTo?: string;
}

/** Everything that changed between two manifests (schemas/diff.schema.json). */
export interface ManifestDiff {
  formatVersion: 1;
  from: { domain: string; buildId: string };
  to: { domain: string; buildId: string };
  pages: {
    added: DiffPage[];
    removed: DiffPage[];
    moved: { from: string; to: string; title: string }[];
    retitled: { path: string; from: string; to: string }[];
    contentChanged: DiffPage[];
  };
  navigation: { moved: { path: string; title: string; from: NavigationPlace; to: NavigationPlace }[] };
  endpoints: { added: DiffPage[]; removed: DiffPage[] };
  redirects: {
    added: ManifestRedirect[];
    removed: ManifestRedirect[];
    changed: { source: string; from: Omit<ManifestRedirect, 'source'>; to: Omit<ManifestRedirect, 'source'> }[];
  };
  settings: { changed: { key: string; from: unknown; to: unknown }[] };
  breaking: BreakingChange[];
  /** True when nothing at all changed. */
  empty: boolean;
}

/**
 * Compares two releases' manifests: pages added, removed, moved (same content hash at a new path),
 * retitled or changed; navigation moves; endpoint pages; redirects; site settings; and the breaking
 * changes — removed or moved pages whose old path no redirect of the new release takes to a page (wildcards and
 * chains honoured, `redirectReachesPage`), and old redirects (without wildcards) that reached a page and lead nowhere now.
 */
export function diffManifests(previous: Manifest, next: Manifest): ManifestDiff {
  const before = new Map(previous.pages.map((page) => [page.path, page]));
  const after = new Map(next.pages.map((page) => [page.path, page]));
  const gone = previous.pages.filter((page) => !after.has(page.path));
  const arrived = next.pages.filter((page) => !before.has(page.path));

  const arrivedByHash = new Map<string, ReleasePage[]>();
  for (const page of arrived)
    arrivedByHash.set(page.contentHash, [...(arrivedByHash.get(page.contentHash) ?? []), page]);
  const moved: ManifestDiff['pages']['moved'] = [];
  const movedTargets = new Set<string>();
  const removed: ReleasePage[] = [];
  for (const page of gone) {
    const target = arrivedByHash.get(page.contentHash)?.find((candidate) => !movedTargets.has(candidate.path));
    if (target) {
      movedTargets.add(target.path);
      moved.push({ from: page.path, to: target.path, title: target.title });
    } else {
      removed.push(page);
    }
  }
  const added = arrived.filter((page) => !movedTargets.has(page.path));

  const retitled: ManifestDiff['pages']['retitled'] = [];
  const contentChanged: DiffPage[] = [];
  const navigationMoves: ManifestDiff['navigation']['moved'] = [];
  for (const page of next.pages) {
    const old = before.get(page.path);
    if (!old) continue;
    if (old.title !== page.title) retitled.push({ path: page.path, from: old.title, to: page.title });
    if (old.contentHash !== page.contentHash) contentChanged.push(toDiffPage(page));
    if (!isDeepStrictEqual(placeOf(old.context), placeOf(page.context))) {
      navigationMoves.push({
        path: page.path,
        title: page.title,
        from: placeOf(old.context),
        to: placeOf(page.context),
      });
    }
  }

  const breaking: BreakingChange[] = [];
  const pagePaths = new Set(after.keys());
  for (const page of removed) {
    if (!redirectReachesPage(next.redirects, page.path, pagePaths))
      breaking.push({ path: page.path, title: page.title, reason: 'removed' });
  }
  for (const move of moved) {
    if (!redirectReachesPage(next.redirects, move.from, pagePaths))
      breaking.push({ path: move.from, title: move.title, reason: 'moved', movedTo: move.to });
  }
  breaking.push(...brokenRedirects(previous, next, pagePaths));

  const diff: ManifestDiff = {
    formatVersion: 1,
    from: { domain: previous.domain, buildId: previous.buildId },
    to: { domain: next.domain, buildId: next.buildId },
    pages: {
      added: added.filter((page) => page.kind !== 'openapi').map(toDiffPage),
      removed: removed.filter((page) => page.kind !== 'openapi').map(toDiffPage),
      moved,
      retitled,
      contentChanged,
    },
    navigation: { moved: navigationMoves },
    endpoints: {
      added: added.filter((page) => page.kind === 'openapi').map(toDiffPage),
      removed: removed.filter((page) => page.kind === 'openapi').map(toDiffPage),
    },
    redirects: diffRedirects(previous.redirects, next.redirects),
    settings: { changed: diffSettings(previous.site, next.site) },
    breaking: breaking.sort((a, b) => a.path.localeCompare(b.path)),
    empty: false,
  };
  diff.empty = countChanges(diff) === 0;
  return diff;
}

/**
 * The redirects of the old release, written without parameters or wildcards, that took a reader to a page, a folder
 * of pages or a URL, and whose source is neither a page of the new release nor taken anywhere by its redirects.
 */
function brokenRedirects(previous: Manifest, next: Manifest, pagePaths: ReadonlySet<string>): BreakingChange[] {
  const oldPagePaths = new Set(previous.pages.map((page) => page.path));
  const titles = new Map(previous.pages.map((page) => [page.path, page.title]));
  const broken: BreakingChange[] = [];
  for (const redirect of previous.redirects) {
    if (/[:*]/.test(redirect.source)) continue;
    const path = redirect.source.replace(/^\/+|\/+$/g, '');
    if (broken.some((change) => change.path === path) || pagePaths.has(path)) continue;
    if (!redirectReachesPage(previous.redirects, redirect.source, oldPagePaths)) continue;
    if (redirectReachesPage(next.redirects, redirect.source, pagePaths)) continue;
    const destination = redirect.destination.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');
    broken.push({
      path,
      title: titles.get(destination) ?? '',
      reason: 'redirect-removed',
      redirectedTo: redirect.destination,
    });
  }
  return broken;
}

/** Number of individual changes in a diff (breaking changes are counted once, as the removals/moves they are). */
export function countChanges(diff: ManifestDiff): number {
  return (
    diff.pages.added.length +
    diff.pages.removed.length +
    diff.pages.moved.length +
    diff.pages.retitled.length +
    diff.pages.contentChanged.length +
    diff.navigation.moved.length +
    diff.endpoints.added.length +
    diff.endpoints.removed.length +
    diff.redirects.added.length +
    diff.redirects.removed.length +
    diff.redirects.changed.length +
    diff.settings.changed.length
  );
}

function toDiffPage(page: ReleasePage): DiffPage {
  return { path: page.path, title: page.title, kind: page.kind };
}

function placeOf(context: PageContext): NavigationPlace {
  const { groups, ...rest } = context;
  return { ...rest, groups: [...groups] };
}

function diffRedirects(previous: ManifestRedirect[], next: ManifestRedirect[]): ManifestDiff['redirects'] {
  const before = new Map(previous.map((redirect) => [redirect.source, redirect]));
  const after = new Map(next.map((redirect) => [redirect.source, redirect]));
  const changed: ManifestDiff['redirects']['changed'] = [];
  for (const [source, redirect] of after) {
    const old = before.get(source);
    if (old && (old.destination !== redirect.destination || old.permanent !== redirect.permanent)) {
      changed.push({
        source,
        from: { destination: old.destination, permanent: old.permanent },
        to: { destination: redirect.destination, permanent: redirect.permanent },
      });
    }
  }
  return {
    added: next.filter((redirect) => !before.has(redirect.source)),
    removed: previous.filter((redirect) => !after.has(redirect.source)),
    changed,
  };
}

function diffSettings(
  previous: Record<string, unknown>,
  next: Record<string, unknown>,
): ManifestDiff['settings']['changed'] {
  const keys = [...new Set([...Object.keys(previous), ...Object.keys(next)])].sort();
  return keys
    .filter((key) => !isDeepStrictEqual(previous[key], next[key]))
    .map((key) => ({ key, from: previous[key] ?? null, to: next[key] ?? null }));
}

import { isRecord } from '../site-model/is-record.ts';

type Json = Record<string, unknown>;

/** A mint.json navigation entry that is not a group — a page path, or a value validation reports — with its pointer. */
export interface MintPage {
  value: unknown;
  pointer: string;
}

/** A mint.json group, or the part of it a division takes, with where it and each of its entries were written. */
export interface MintGroup {
  group: Json;
  pointer: string;
  entries: (MintPage | MintGroup)[];
}

/** A split of groups page by page: the part a division takes and the part left for the divisions after it. */
export interface GroupSplit {
  taken: MintGroup[];
  left: MintGroup[];
}

/** mint.json `navigation` read as groups that know the pointer of every entry. */
export function readMintGroups(navigation: unknown): MintGroup[] {
  return (Array.isArray(navigation) ? navigation : []).flatMap((group: unknown, index) =>
    isRecord(group) ? [readMintGroup(group, `/navigation/${index}`)] : [],
  );
}

/** Whether a navigation entry is a (nested) group rather than a page. */
export function isMintGroup(entry: MintPage | MintGroup): entry is MintGroup {
  return 'entries' in entry;
}

/** Whether a group or division with this mint.json `version` belongs to `version` (every one does outside versions). */
export function isInVersion(itemVersion: unknown, version: string | undefined): boolean {
  return version === undefined || itemVersion === undefined || itemVersion === version;
}

/** Whether a URL is a remote link (`isRemoteUrl` of the platform: http and https only). */
export function isRemoteUrl(url: string): boolean {
  return /^https?:\/\//.test(url);
}

/** Whether a division URL lies under another's (`/api/v2` under `api`), compared as the platform does: by plain prefix. */
export function isUrlWithin(url: string, prefix: string): boolean {
  return withLeadingSlash(url).startsWith(withLeadingSlash(prefix));
}

/**
 * Splits groups page by page between a division at `url` and the rest, as the platform's upgrade does
 * (`findPagesForPrefix`): a page goes to the division when its path lies under `url` (every page without one) and
 * under none of `ignoredUrls` (more specific divisions). A group whose pages go both ways appears on both sides under
 * its own name; a nested group partly taken is also left whole, so its taken pages are listed again wherever the rest
 * goes (as on the platform). Groups of another version and groups without pages drop out.
 */
export function splitGroupsByUrl(
  groups: MintGroup[],
  url: string | undefined,
  ignoredUrls: string[],
  version: string | undefined,
): GroupSplit {
  if (url !== undefined && isRemoteUrl(url)) return { taken: [], left: groups };
  const belongs = (path: string): boolean =>
    (!url || isPathUnder(path, url)) && !ignoredUrls.some((ignored) => isPathUnder(path, ignored));
  const taken: MintGroup[] = [];
  const left: MintGroup[] = [];
  for (const group of groups) {
    if (!isInVersion(group.group.version, version)) continue;
    const takenEntries: MintGroup['entries'] = [];
    const leftEntries: MintGroup['entries'] = [];
    for (const entry of group.entries) {
      if (!isMintGroup(entry)) {
        (belongs(pagePath(entry)) ? takenEntries : leftEntries).push(entry);
        continue;
      }
      const nested = splitGroupsByUrl([entry], url, ignoredUrls, version);
      takenEntries.push(...nested.taken);
      if (nested.left.length > 0) leftEntries.push(entry);
    }
    if (takenEntries.length > 0) taken.push({ ...group, entries: takenEntries });
    if (leftEntries.length > 0) left.push({ ...group, entries: leftEntries });
  }
  return { taken, left };
}

/**
 * The part of the groups a version (or language) holds, as the platform's upgrade picks it
 * (`findPagesForVersionOrLanguage`): groups of that version or of none, and of their pages those under a division URL
 * `gates` ties to this version, or under no gated URL at all (compared as written, by plain prefix).
 */
export function groupsForVersion(
  groups: MintGroup[],
  version: string | undefined,
  gates: ReadonlyMap<string, string[]>,
): MintGroup[] {
  const belongs = (path: string): boolean =>
    [...gates].some(([url, versions]) => versions.includes(version ?? '') && path.startsWith(url)) ||
    [...gates.keys()].every((url) => !path.startsWith(url));
  return groups.flatMap((group) => {
    if (group.group.version !== undefined && group.group.version !== version) return [];
    const entries = group.entries.flatMap((entry): MintGroup['entries'] =>
      isMintGroup(entry) ? groupsForVersion([entry], version, gates) : belongs(pagePath(entry)) ? [entry] : [],
    );
    return entries.length > 0 ? [{ ...group, entries }] : [];
  });
}

/** Every page entry of the groups, nested groups' included. */
export function mintPages(groups: MintGroup[]): MintPage[] {
  return groups.flatMap(({ entries }) =>
    entries.flatMap((entry) => (isMintGroup(entry) ? mintPages([entry]) : [entry])),
  );
}

function readMintGroup(group: Json, pointer: string): MintGroup {
  const pages: unknown[] = Array.isArray(group.pages) ? group.pages : [];
  return {
    group,
    pointer,
    entries: pages.map((entry, index) =>
      isRecord(entry)
        ? readMintGroup(entry, `${pointer}/pages/${index}`)
        : { value: entry, pointer: `${pointer}/pages/${index}` },
    ),
  };
}

/** A page entry's path; an entry that is not a string has none and lies under no URL. */
function pagePath(page: MintPage): string {
  return typeof page.value === 'string' ? page.value : '';
}

/** Whether a page path lies under a division URL (`api-reference` holds `api-reference/users`; `/` holds every page). */
function isPathUnder(path: string, url: string): boolean {
  return withLeadingSlash(withTrailingSlash(path)).startsWith(withLeadingSlash(withTrailingSlash(url)));
}

function withLeadingSlash(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

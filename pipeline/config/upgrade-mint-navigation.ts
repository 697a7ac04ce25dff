import type { OriginRecorder } from './upgrade-mint-config.ts';

type Json = Record<string, unknown>;

/** A mint.json group with where it was written. */
interface SourceGroup {
  group: Json;
  pointer: string;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;
/** What the platform's upgrade counts as a remote division `url` (`isRemoteUrl`): only http(s). */
const REMOTE_DIVISION_URL = /^https?:\/\//;

/**
 * Maps mint.json's navigation model — a list of groups, plus `tabs`, `anchors` and `versions` that claim
 * groups by URL prefix or `version` — to docs.json `navigation`: versions hold tabs (or anchors) that hold
 * groups; anchors that are all remote links become `navigation.global.anchors` and the groups go under the primary
 * anchor (`topAnchor`, else "Documentation"), as the platform's upgrade does; a link anchor among others stays in
 * place. `origin` records where each value came from; a version no group belongs to has nothing to hold and is
 * added to `dropped` instead.
 */
export function upgradeMintNavigation(mint: Json, origin: OriginRecorder, dropped: string[]): Json {
  const groups: SourceGroup[] = asRecords(mint.navigation).map(({ value, index }) => ({
    group: value,
    pointer: `/navigation/${index}`,
  }));
  const tabs = asRecords(mint.tabs);
  const anchors = asRecords(mint.anchors);
  const listedVersions = asList(mint.versions).map(({ value, index }) =>
    typeof value === 'string'
      ? { name: value, index, isDefault: false }
      : {
          name: String((value as Json | null)?.name ?? ''),
          index,
          isDefault: (value as Json | null)?.default === true,
        },
  );
  const versions = listedVersions.filter(({ name }) =>
    groups.some(({ group }) => group.version === undefined || group.version === name),
  );
  for (const { name } of listedVersions)
    if (!versions.some((version) => version.name === name))
      dropped.push(`versions \`${name}\` (no navigation group has it)`);
  const navigation: Json = {};

  // The platform moves the anchors to `global` only when every one is a remote link outside any version; then the
  // site's groups still sit under an anchor, its primary one (`getGlobalDivisions`, `getUpdatedNavigation`).
  const allRemote =
    anchors.length > 0 && anchors.every(({ value }) => value.version === undefined && isRemote(value.url));
  const internalAnchors = allRemote ? [] : anchors;
  const globalAnchors = allRemote ? anchors : tabs.length > 0 ? internalAnchors : [];
  if (globalAnchors.length > 0) {
    navigation.global = {
      anchors: globalAnchors.map(({ value, index }, position) => {
        const pointer = `/navigation/global/anchors/${position}`;
        origin(pointer, `/anchors/${index}`);
        origin(`${pointer}/anchor`, `/anchors/${index}/name`);
        origin(`${pointer}/href`, `/anchors/${index}/url`);
        const url = String(value.url ?? '');
        return {
          anchor: value.name,
          href: EXTERNAL.test(url) ? url : `/${url.replace(/^\/+/, '')}`,
          ...(value.icon === undefined ? {} : { icon: value.icon }),
          ...anchorColor(value.color),
        };
      }),
    };
  }

  /** The docs.json content of one version (or of the whole site): tabs, anchors or plain groups. */
  const content = (pointer: string, version: string | undefined): Json => {
    const inVersion = <T extends { version?: unknown }>(item: T): boolean =>
      version === undefined || item.version === undefined || item.version === version;
    const ownGroups = groups.filter(({ group }) => inVersion(group));
    const claim = (url: unknown, pool: SourceGroup[]): SourceGroup[] =>
      pool.filter(({ group }) => typeof url === 'string' && startsWith(firstPage(group), url));
    const place = (selected: SourceGroup[], targetPointer: string): Json[] =>
      selected.map(({ group, pointer: source }, index) => {
        origin(`${targetPointer}/${index}`, source, group);
        return withoutVersion(group);
      });
    const ownTabs = tabs.filter(({ value }) => inVersion(value));
    if (ownTabs.length > 0) {
      const claimed = new Set<SourceGroup>();
      const tabList: Json[] = [];
      const addTab = (label: unknown, selected: SourceGroup[], source: string | undefined, extra: Json): void => {
        const tabPointer = `${pointer}/tabs/${tabList.length}`;
        if (source) origin(tabPointer, source);
        const children =
          selected.length > 0
            ? { groups: place(selected, `${tabPointer}/groups`) }
            : 'href' in extra || 'openapi' in extra
              ? {}
              : { pages: [] };
        tabList.push({ tab: label, ...extra, ...children });
      };
      const perTab = ownTabs.map(({ value, index }) => ({ value, index, selected: claim(value.url, ownGroups) }));
      for (const tab of perTab) for (const group of tab.selected) claimed.add(group);
      const rest = ownGroups.filter((group) => !claimed.has(group));
      if (rest.length > 0) addTab((mint.primaryTab as Json | undefined)?.name ?? 'Documentation', rest, undefined, {});
      for (const { value, index, selected } of perTab) {
        const url = String(value.url ?? '');
        const extra: Json = EXTERNAL.test(url) ? { href: url } : {};
        if (value.openapi !== undefined)
          extra.openapi = divisionOpenApi(
            value,
            url,
            `${pointer}/tabs/${tabList.length}/openapi`,
            `/tabs/${index}`,
            origin,
          );
        addTab(value.name, selected, `/tabs/${index}`, extra);
      }
      return { tabs: tabList };
    }
    const ownAnchors = internalAnchors.filter(({ value }) => inVersion(value));
    if (ownAnchors.length > 0 || allRemote) {
      const perAnchor = ownAnchors.map(({ value, index }) => ({ value, index, selected: claim(value.url, ownGroups) }));
      const claimed = new Set(perAnchor.flatMap((anchor) => anchor.selected));
      const rest = ownGroups.filter((group) => !claimed.has(group));
      const top = (mint.topAnchor as Json | undefined) ?? {};
      const anchorList: Json[] = [];
      if (rest.length > 0)
        anchorList.push({
          ...(top.name === undefined ? { anchor: 'Documentation', icon: 'book-open' } : { anchor: top.name }),
          ...(top.icon === undefined ? {} : { icon: top.icon }),
          groups: place(rest, `${pointer}/anchors/0/groups`),
        });
      for (const { value, index, selected } of perAnchor) {
        const url = typeof value.url === 'string' ? value.url : '';
        // A link anchor stays in its place, as the platform keeps it; an anchor with no pages and no spec is left out.
        if (selected.length === 0 && value.openapi === undefined && !EXTERNAL.test(url)) {
          dropped.push(`anchors \`${String(value.name)}\` (no navigation group under \`${url}\`)`);
          continue;
        }
        const anchorPointer = `${pointer}/anchors/${anchorList.length}`;
        origin(anchorPointer, `/anchors/${index}`);
        const extra: Json = {
          ...(value.icon === undefined ? {} : { icon: value.icon }),
          ...anchorColor(value.color),
        };
        if (value.openapi !== undefined)
          extra.openapi = divisionOpenApi(value, url, `${anchorPointer}/openapi`, `/anchors/${index}`, origin);
        const children =
          selected.length > 0
            ? { groups: place(selected, `${anchorPointer}/groups`) }
            : EXTERNAL.test(url)
              ? { href: url }
              : {};
        anchorList.push({ anchor: value.name, ...extra, ...children });
      }
      return { anchors: anchorList };
    }
    return { groups: place(ownGroups, `${pointer}/groups`) };
  };

  if (versions.length > 0) {
    navigation.versions = versions.map(({ name, index, isDefault }, position) => {
      origin(`/navigation/versions/${position}`, `/versions/${index}`);
      return {
        version: name,
        ...(isDefault ? { default: true } : {}),
        ...content(`/navigation/versions/${position}`, name),
      };
    });
  } else {
    Object.assign(navigation, content('/navigation', undefined));
  }
  origin('/navigation', groups.length > 0 ? '/navigation' : '');
  return navigation;
}

/** Whether a URL is a remote link (`isRemoteUrl` of the platform: http and https only). */
function isRemote(url: unknown): boolean {
  return typeof url === 'string' && /^https?:\/\//.test(url);
}

/** An anchor's `color` as docs.json writes it: one colour for light and dark (a gradient keeps its `from`). */
function anchorColor(color: unknown): Json {
  const value = typeof color === 'string' ? color : (color as Json | null)?.from;
  return typeof value === 'string' && value !== '' ? { color: { light: value, dark: value } } : {};
}

/** The first page path of a group, looking into nested groups. */
function firstPage(group: Json): string | undefined {
  for (const page of Array.isArray(group.pages) ? group.pages : []) {
    if (typeof page === 'string') return page;
    if (page && typeof page === 'object') {
      const nested = firstPage(page as Json);
      if (nested !== undefined) return nested;
    }
  }
  return undefined;
}

/** Whether a page path lies under a tab or anchor URL (`api-reference` claims `api-reference/users`). */
function startsWith(page: string | undefined, url: string): boolean {
  if (page === undefined) return false;
  const prefix = url.replace(/^\/+|\/+$/g, '');
  const path = page.replace(/^\/+/, '');
  return prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`));
}

/** A group without mint.json's `version` key (docs.json says it by nesting), nested groups too. */
function withoutVersion(group: Json): Json {
  const { version: _version, ...rest } = group;
  void _version;
  if (!Array.isArray(rest.pages)) return rest;
  return {
    ...rest,
    pages: rest.pages.map((page: unknown) =>
      page && typeof page === 'object' && !Array.isArray(page) ? withoutVersion(page as Json) : page,
    ),
  };
}

function asList(value: unknown): { value: unknown; index: number }[] {
  return Array.isArray(value) ? value.map((item, index) => ({ value: item, index })) : [];
}

function asRecords(value: unknown): { value: Json; index: number }[] {
  return asList(value).filter(
    (item): item is { value: Json; index: number } =>
      Boolean(item.value) && typeof item.value === 'object' && !Array.isArray(item.value),
  );
}

/**
 * A mint.json tab's or anchor's `openapi`, as the platform's upgrade (`processDivisions`) writes it: with a local `url`,
 * `{ source, directory: url }`, so the endpoint pages are generated under that folder; with a remote or no `url`, as
 * written. `target` is its docs.json pointer, `source` the tab's or anchor's mint.json pointer.
 */
function divisionOpenApi(division: Json, url: string, target: string, source: string, origin: OriginRecorder): unknown {
  const asWritten = url === '' || REMOTE_DIVISION_URL.test(url);
  origin(target, `${source}/openapi`, asWritten ? division.openapi : undefined);
  if (asWritten) return division.openapi;
  origin(`${target}/source`, `${source}/openapi`, division.openapi);
  origin(`${target}/directory`, `${source}/url`);
  return { source: division.openapi, directory: url };
}

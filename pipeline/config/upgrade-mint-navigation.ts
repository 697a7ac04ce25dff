import type { OriginRecorder } from './upgrade-mint-config.ts';

type Json = Record<string, unknown>;

/** A mint.json group with where it was written. */
interface SourceGroup {
  group: Json;
  pointer: string;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Maps mint.json's navigation model — a list of groups, plus `tabs`, `anchors` and `versions` that claim
 * groups by URL prefix or `version` — to docs.json `navigation`: versions hold tabs (or anchors) that hold
 * groups; external anchors become `navigation.global.anchors`. `origin` records where each value came from; a
 * version no group belongs to has nothing to hold and is added to `dropped` instead.
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

  const external = anchors.filter(({ value }) => typeof value.url === 'string' && EXTERNAL.test(value.url));
  const internalAnchors = anchors.filter((anchor) => !external.includes(anchor));
  const globalAnchors = [...external, ...(tabs.length > 0 ? internalAnchors : [])];
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
        if (value.openapi !== undefined) {
          extra.openapi = value.openapi;
          origin(`${pointer}/tabs/${tabList.length}/openapi`, `/tabs/${index}/openapi`, value.openapi);
        }
        addTab(value.name, selected, `/tabs/${index}`, extra);
      }
      return { tabs: tabList };
    }
    const ownAnchors = internalAnchors.filter(({ value }) => inVersion(value));
    if (ownAnchors.length > 0) {
      const perAnchor = ownAnchors.map(({ value, index }) => ({ value, index, selected: claim(value.url, ownGroups) }));
      const claimed = new Set(perAnchor.flatMap((anchor) => anchor.selected));
      const rest = ownGroups.filter((group) => !claimed.has(group));
      const top = (mint.topAnchor as Json | undefined) ?? {};
      const anchorList: Json[] = [];
      if (rest.length > 0)
        anchorList.push({
          anchor: top.name ?? 'Documentation',
          ...(top.icon === undefined ? {} : { icon: top.icon }),
          groups: place(rest, `${pointer}/anchors/0/groups`),
        });
      for (const { value, index, selected } of perAnchor) {
        const anchorPointer = `${pointer}/anchors/${anchorList.length}`;
        origin(anchorPointer, `/anchors/${index}`);
        const extra: Json = value.icon === undefined ? {} : { icon: value.icon };
        if (value.openapi !== undefined) {
          extra.openapi = value.openapi;
          origin(`${anchorPointer}/openapi`, `/anchors/${index}/openapi`, value.openapi);
        }
        const children =
          selected.length > 0 || value.openapi === undefined
            ? { groups: place(selected, `${anchorPointer}/groups`) }
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

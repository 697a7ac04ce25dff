import { isRecord } from '../site-model/is-record.ts';
import {
  groupsForVersion,
  isRemoteUrl,
  mintPages,
  type MintGroup,
  readMintGroups,
} from './upgrade-mint-division-pages.ts';
import { type DivisionLayout, layoutMintDivisions } from './upgrade-mint-divisions.ts';
import { globalLinkNode, type MintDivision, readMintDivisions } from './upgrade-mint-navigation-nodes.ts';
import {
  carriedOverSources,
  noteOrigin,
  type NodeOrigins,
  type OriginRecorder,
  recordNodeOrigins,
} from './upgrade-mint-node-origins.ts';

type Json = Record<string, unknown>;

/** A mint.json version (a name, or an object with `name`, `url`, `locale`, `default`), with its position. */
interface MintVersion {
  index: number;
  name: string;
  isNameOnly: boolean;
  url?: string;
  locale?: unknown;
  isDefault: boolean;
}

/**
 * Maps mint.json's navigation model — a list of groups, plus `tabs`, `anchors` and `versions` that claim pages by
 * URL prefix or `version` — to docs.json `navigation` the way the platform's upgrade (`updateNavigationToDocsConfig`
 * of `@mintlify/validation` 0.1.878) does: versions (languages when every one has a `locale`) hold tabs and anchors
 * nested by URL, which hold groups split page by page; tabs or anchors that are all remote links go to
 * `navigation.global`. `origin` records where each value came from; what is not carried over (a version no group
 * belongs to, a division holding nothing, a group without pages) is added to `dropped`.
 */
export function upgradeMintNavigation(mint: Json, origin: OriginRecorder, dropped: string[]): Json {
  const groups = readMintGroups(mint.navigation);
  const tabs = readMintDivisions(mint.tabs, 'tab');
  const anchors = readMintDivisions(mint.anchors, 'anchor');
  const versions = readMintVersions(mint.versions);
  const origins: NodeOrigins = new Map();
  const globalTabs = areGlobalLinks(tabs) ? tabs : [];
  const globalAnchors = areGlobalLinks(anchors) ? anchors : [];
  const layout: DivisionLayout = {
    mint,
    tabs: globalTabs.length > 0 ? [] : tabs,
    anchors: globalAnchors.length > 0 ? [] : anchors,
    hasTabs: tabs.length > 0,
    hasAnchors: anchors.length > 0,
    origins,
    leftOut: new Map(),
  };
  // Like the platform, versions that are all remote links are not carried over (it keeps no `global.versions`).
  const versionLinks = versions.length > 0 && versions.every(({ url }) => url !== undefined && isRemoteUrl(url));
  if (versionLinks) dropped.push(`versions (${versions.map(({ name }) => `\`${name}\``).join(', ')}: all links)`);
  const navigation =
    versions.length > 0 && !versionLinks
      ? versionedNavigation(versions, groups, layout, dropped)
      : layoutMintDivisions(groups, undefined, layout);
  if (globalTabs.length > 0 || globalAnchors.length > 0)
    navigation.global = {
      ...(globalTabs.length > 0 ? { tabs: globalTabs.map((tab) => globalLinkNode(tab, origins)) } : {}),
      ...(globalAnchors.length > 0 ? { anchors: globalAnchors.map((anchor) => globalLinkNode(anchor, origins)) } : {}),
    };

  for (const { kind, value } of [...globalTabs, ...globalAnchors])
    if (value.openapi !== undefined)
      dropped.push(`${kind}s \`${String(value.name)}\` openapi (a link in \`navigation.global\` has none)`);
  const carriedOver = carriedOverSources(origins);
  for (const [pointer, reason] of layout.leftOut) if (!carriedOver.has(pointer)) dropped.push(reason);
  for (const { group, pointer, entries } of groups)
    if (entries.length === 0 && !carriedOver.has(pointer))
      dropped.push(`navigation group \`${String(group.group)}\` (no pages)`);
  const unplacedPages = mintPages(groups).filter(({ pointer }) => !carriedOver.has(pointer));
  if (unplacedPages.length > 0)
    dropped.push(
      `navigation pages ${unplacedPages.map(({ value }) => `\`${String(value)}\``).join(', ')} (in no version, tab or anchor kept)`,
    );
  origin('/navigation', groups.length > 0 ? '/navigation' : '');
  recordNodeOrigins(navigation, '/navigation', origins, origin);
  return navigation;
}

/**
 * `versions` (or `languages`) of docs.json (`processVersionsOrLanguages`): each holds the pages of its groups and of
 * the groups without a version, less the pages under a tab or anchor of another version; a version with a `url` is a
 * link. A version no group belongs to is left out (docs.json rejects an empty one; the platform keeps it empty).
 */
function versionedNavigation(
  versions: MintVersion[],
  groups: MintGroup[],
  layout: DivisionLayout,
  dropped: string[],
): Json {
  const asLanguages = versions.every(({ locale }) => locale !== undefined);
  const gates = versionGates(versions, [...layout.tabs, ...layout.anchors]);
  const nodes = versions.flatMap((version) => {
    const { index, name, url, isDefault } = version;
    if (url === undefined && !groups.some(({ group }) => group.version === undefined || group.version === name)) {
      dropped.push(`versions \`${name}\` (no navigation group has it)`);
      return [];
    }
    const node: Json = asLanguages ? { language: version.locale } : { version: name };
    noteOrigin(layout.origins, node, '', `/versions/${index}`);
    if (asLanguages) noteOrigin(layout.origins, node, '/language', `/versions/${index}/locale`);
    else
      noteOrigin(
        layout.origins,
        node,
        '/version',
        version.isNameOnly ? `/versions/${index}` : `/versions/${index}/name`,
      );
    if (isDefault) node.default = true;
    if (url !== undefined) {
      node.href = url;
      noteOrigin(layout.origins, node, '/href', `/versions/${index}/url`);
      return [node];
    }
    const own = groupsForVersion(groups, name, gates);
    const divisionVersion = name !== '' ? name : asLanguages ? String(version.locale) : undefined;
    return [Object.assign(node, layoutMintDivisions(own.length > 0 ? own : groups, divisionVersion, layout))];
  });
  return { [asLanguages ? 'languages' : 'versions']: nodes };
}

/** The local URLs of tabs and anchors that belong to a version → the versions whose pages lie under them. */
function versionGates(versions: MintVersion[], divisions: MintDivision[]): Map<string, string[]> {
  const gates = new Map<string, string[]>();
  for (const { name } of versions)
    for (const { value, url } of divisions)
      if (value.version === name && url !== '' && !isRemoteUrl(url)) gates.set(url, [...(gates.get(url) ?? []), name]);
  return gates;
}

/** Whether tabs or anchors all go to `navigation.global`: every one a remote link outside any version. */
function areGlobalLinks(divisions: MintDivision[]): boolean {
  return divisions.length > 0 && divisions.every(({ value, url }) => value.version === undefined && isRemoteUrl(url));
}

/** mint.json `versions` read with their positions. */
function readMintVersions(list: unknown): MintVersion[] {
  return (Array.isArray(list) ? list : []).map((value: unknown, index) => {
    if (!isRecord(value)) return { index, name: String(value), isNameOnly: true, isDefault: false };
    return {
      index,
      name: String(value.name ?? ''),
      isNameOnly: false,
      ...(typeof value.url === 'string' ? { url: value.url } : {}),
      ...(value.locale === undefined ? {} : { locale: value.locale }),
      isDefault: value.default === true,
    };
  });
}

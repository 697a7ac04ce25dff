import { isInVersion, isUrlWithin, type MintGroup, splitGroupsByUrl } from './upgrade-mint-division-pages.ts';
import { divisionNode, groupNode, type MintDivision, primaryNode } from './upgrade-mint-navigation-nodes.ts';
import type { NodeOrigins } from './upgrade-mint-node-origins.ts';

type Json = Record<string, unknown>;

/** What laying out one version's tabs and anchors needs besides its groups. */
export interface DivisionLayout {
  mint: Json;
  /** The tabs and anchors that stay in the navigation (not moved to `navigation.global`). */
  tabs: MintDivision[];
  anchors: MintDivision[];
  /** Whether mint.json lists any tab or anchor at all, links moved to `global` included. */
  hasTabs: boolean;
  hasAnchors: boolean;
  origins: NodeOrigins;
  /** Divisions left out somewhere for holding nothing: their pointer → what the `legacy-config` hint says of them. */
  leftOut: Map<string, string>;
}

/** The divisions laid out, and the groups (or parts of groups) none of them took. */
interface Placement {
  nodes: Json[];
  left: MintGroup[];
}

/**
 * The docs.json content of one version (or of a site without versions), as the platform's upgrade builds it
 * (`getUpdatedNavigation`): the more inclusive of tabs and anchors is the outer level, each of its divisions holding
 * the pages under its URL, or the other kind's divisions under that URL; what none claims goes to a primary division
 * in front, holding the other kind's divisions when there are any (laid out from all the groups when the outer ones
 * claimed every page, as the platform does). Without tabs and anchors, plain groups.
 */
export function layoutMintDivisions(groups: MintGroup[], version: string | undefined, layout: DivisionLayout): Json {
  const outerKind = mostInclusiveKind(layout.tabs, layout.anchors);
  const innerKind = outerKind === 'tab' ? 'anchor' : 'tab';
  const outer = outerKind === 'tab' ? layout.tabs : layout.anchors;
  const inner = outerKind === 'tab' ? layout.anchors : layout.tabs;
  const hasOuter = outerKind === 'tab' ? layout.hasTabs : layout.hasAnchors;
  const hasInner = outerKind === 'tab' ? layout.hasAnchors : layout.hasTabs;
  if (hasOuter) {
    const placed = placeDivisions(outerKind, outer, groups, inner, version, layout);
    if (placed.left.length > 0 || inner.length > 0) {
      const content =
        inner.length > 0
          ? {
              [`${innerKind}s`]: withPrimary(
                innerKind,
                placeDivisions(innerKind, inner, placed.left.length > 0 ? placed.left : groups, [], version, layout),
                version,
                layout,
              ),
            }
          : { groups: unclaimedGroups(placed.left, version, layout) };
      placed.nodes.unshift(primaryNode(outerKind, layout.mint, content, layout.origins));
    }
    return { [`${outerKind}s`]: placed.nodes };
  }
  if (hasInner)
    return {
      [`${innerKind}s`]: withPrimary(
        innerKind,
        placeDivisions(innerKind, inner, groups, [], version, layout),
        version,
        layout,
      ),
    };
  return {
    groups: groups
      .filter((group) => isInVersion(group.group.version, version))
      .map((group) => groupNode(group, layout.origins)),
  };
}

/**
 * Lays out divisions of one kind in order (`processDivisions`): each takes, page by page, what is left under its URL
 * but not under a more specific division's; one that has divisions of the other kind (`others`) under its URL holds
 * those instead, laid out from all the groups.
 */
function placeDivisions(
  kind: MintDivision['kind'],
  divisions: MintDivision[],
  groups: MintGroup[],
  others: MintDivision[],
  version: string | undefined,
  layout: DivisionLayout,
): Placement {
  let left = groups.filter((group) => isInVersion(group.group.version, version));
  const nodes: Json[] = [];
  for (const division of divisions) {
    if (!isInVersion(division.value.version, version)) continue;
    const moreSpecificUrls = divisions
      .filter(({ url }) => url !== '' && url !== division.url && isUrlWithin(url, division.url))
      .map(({ url }) => url);
    const within = others.filter(({ url }) => isUrlWithin(url, division.url));
    const withinKind = kind === 'tab' ? 'anchor' : 'tab';
    const withinNodes = within.length > 0 ? placeDivisions(withinKind, within, groups, [], version, layout).nodes : [];
    const split = splitGroupsByUrl(left, division.url, moreSpecificUrls, version);
    left = split.left;
    const content =
      withinNodes.length > 0
        ? { [`${withinKind}s`]: withinNodes }
        : split.taken.length > 0
          ? { groups: split.taken.map((group) => groupNode(group, layout.origins)) }
          : undefined;
    const node = divisionNode(division, content, layout.origins);
    if (node) nodes.push(node);
    else
      layout.leftOut.set(
        division.pointer,
        `${kind}s \`${String(division.value.name)}\` (no navigation group under \`${division.url}\`)`,
      );
  }
  return { nodes, left };
}

/** The placed divisions, behind a primary division holding the groups none took when there are such groups. */
function withPrimary(
  kind: MintDivision['kind'],
  placed: Placement,
  version: string | undefined,
  layout: DivisionLayout,
): Json[] {
  if (placed.left.length === 0) return placed.nodes;
  const primary = primaryNode(
    kind,
    layout.mint,
    { groups: unclaimedGroups(placed.left, version, layout) },
    layout.origins,
  );
  return [primary, ...placed.nodes];
}

/** The docs.json groups of what no division took. */
function unclaimedGroups(left: MintGroup[], version: string | undefined, layout: DivisionLayout): Json[] {
  return splitGroupsByUrl(left, undefined, [], version).taken.map((group) => groupNode(group, layout.origins));
}

/**
 * Which kind is the outer level when a site has both (`findMostInclusiveDivision`): tabs when every tab URL lies
 * under an anchor URL, else anchors when every anchor URL lies under a tab URL, else the kind with more such URLs
 * (anchors on a tie).
 */
function mostInclusiveKind(tabs: MintDivision[], anchors: MintDivision[]): MintDivision['kind'] {
  if (tabs.length === 0) return 'anchor';
  if (anchors.length === 0) return 'tab';
  const tabsUnderAnchors = tabs.filter((tab) => anchors.some((anchor) => isUrlWithin(tab.url, anchor.url))).length;
  const anchorsUnderTabs = anchors.filter((anchor) => tabs.some((tab) => isUrlWithin(anchor.url, tab.url))).length;
  if (tabsUnderAnchors === tabs.length) return 'tab';
  if (anchorsUnderTabs === anchors.length) return 'anchor';
  return tabsUnderAnchors > anchorsUnderTabs ? 'tab' : 'anchor';
}

import { isRecord } from '../site-model/is-record.ts';
import { escapePointer } from '../site-model/json-pointer.ts';
import { isMintGroup, isRemoteUrl, type MintGroup } from './upgrade-mint-division-pages.ts';
import { noteOrigin, type NodeOrigins } from './upgrade-mint-node-origins.ts';

type Json = Record<string, unknown>;

/** A mint.json tab or anchor, with where it was written and its `url` ('' when it has none). */
export interface MintDivision {
  kind: 'tab' | 'anchor';
  value: Json;
  pointer: string;
  url: string;
}

/** mint.json `tabs` or `anchors` read as divisions. */
export function readMintDivisions(list: unknown, kind: MintDivision['kind']): MintDivision[] {
  return (Array.isArray(list) ? list : []).flatMap((value: unknown, index) =>
    isRecord(value)
      ? [{ kind, value, pointer: `/${kind}s/${index}`, url: typeof value.url === 'string' ? value.url : '' }]
      : [],
  );
}

/** A docs.json group of the pages a division took from a mint.json group: its name, icon and other keys, without `version`. */
export function groupNode(group: MintGroup, origins: NodeOrigins): Json {
  const node: Json = {};
  noteOrigin(origins, node, '', group.pointer);
  for (const [key, value] of Object.entries(group.group)) {
    if (key === 'version') continue;
    const at = `/${escapePointer(key)}`;
    if (key !== 'pages' || !Array.isArray(value)) {
      node[key] = value;
      noteOrigin(origins, node, at, `${group.pointer}${at}`, value);
      continue;
    }
    noteOrigin(origins, node, at, `${group.pointer}${at}`);
    node.pages = group.entries.map((entry, index) => {
      if (isMintGroup(entry)) return groupNode(entry, origins);
      noteOrigin(origins, node, `/pages/${index}`, entry.pointer, entry.value);
      return entry.value;
    });
  }
  return node;
}

/**
 * A docs.json tab or anchor for a mint.json one holding `content` (its groups, or the divisions within it), as the
 * platform's upgrade writes it (`processDivisions`): with nothing to hold it is a link (`href`) when its `url` is
 * absolute, an endpoint list when it has `openapi`, and is otherwise left out (`undefined`).
 */
export function divisionNode(
  division: MintDivision,
  content: Json | undefined,
  origins: NodeOrigins,
): Json | undefined {
  const { kind, value, pointer, url } = division;
  const hasSpec = value.openapi !== undefined;
  if (!content && !hasSpec && !URL.canParse(url)) return undefined;
  const node: Json = { [kind]: value.name };
  noteOrigin(origins, node, '', pointer);
  noteOrigin(origins, node, `/${kind}`, `${pointer}/name`);
  if (kind === 'anchor') Object.assign(node, anchorLook(value, pointer, node, origins));
  if (hasSpec) node.openapi = divisionOpenApi(division, node, origins);
  if (content) return Object.assign(node, content);
  if (!hasSpec || isRemoteUrl(url)) {
    node.href = url;
    noteOrigin(origins, node, '/href', `${pointer}/url`);
  }
  return node;
}

/** A docs.json global link for a mint.json tab or anchor whose `url` is a remote link. */
export function globalLinkNode(division: MintDivision, origins: NodeOrigins): Json {
  const { kind, value, pointer, url } = division;
  const node: Json = { [kind]: value.name, href: url };
  noteOrigin(origins, node, '', pointer);
  noteOrigin(origins, node, `/${kind}`, `${pointer}/name`);
  noteOrigin(origins, node, '/href', `${pointer}/url`);
  if (kind === 'anchor') Object.assign(node, anchorLook(value, pointer, node, origins));
  return node;
}

/**
 * The tab or anchor holding what no other division claims, as the platform's upgrade names it: the mint.json
 * `primaryTab` or `topAnchor`, else "Documentation" (an anchor with the `book-open` icon).
 */
export function primaryNode(kind: MintDivision['kind'], mint: Json, content: Json, origins: NodeOrigins): Json {
  const key = kind === 'anchor' ? 'topAnchor' : 'primaryTab';
  const primary = isRecord(mint[key]) ? mint[key] : undefined;
  const node: Json =
    primary?.name !== undefined
      ? { [kind]: primary.name }
      : kind === 'anchor'
        ? { anchor: 'Documentation', icon: 'book-open' }
        : { tab: 'Documentation' };
  if (primary) noteOrigin(origins, node, '', `/${key}`);
  if (primary?.name !== undefined) noteOrigin(origins, node, `/${kind}`, `/${key}/name`);
  if (kind === 'anchor' && primary?.icon !== undefined) {
    node.icon = primary.icon;
    noteOrigin(origins, node, '/icon', `/${key}/icon`, primary.icon);
  }
  return Object.assign(node, content);
}

/** An anchor's `icon` and `color` (one colour for light and dark; a gradient keeps its `from`), as docs.json writes them. */
function anchorLook(anchor: Json, pointer: string, node: Json, origins: NodeOrigins): Json {
  const look: Json = {};
  if (anchor.icon !== undefined) {
    look.icon = anchor.icon;
    noteOrigin(origins, node, '/icon', `${pointer}/icon`, anchor.icon);
  }
  const color = typeof anchor.color === 'string' ? anchor.color : (anchor.color as Json | null)?.from;
  if (typeof color === 'string' && color !== '') {
    look.color = { light: color, dark: color };
    noteOrigin(origins, node, '/color', `${pointer}/color`);
  }
  return look;
}

/**
 * A mint.json tab's or anchor's `openapi`, as the platform's upgrade (`processDivisions`) writes it: with a local `url`,
 * `{ source, directory: url }`, so the endpoint pages are generated under that folder; with a remote or no `url`, as
 * written.
 */
function divisionOpenApi({ value, pointer, url }: MintDivision, node: Json, origins: NodeOrigins): unknown {
  const asWritten = url === '' || isRemoteUrl(url);
  noteOrigin(origins, node, '/openapi', `${pointer}/openapi`, asWritten ? value.openapi : undefined);
  if (asWritten) return value.openapi;
  noteOrigin(origins, node, '/openapi/source', `${pointer}/openapi`, value.openapi);
  noteOrigin(origins, node, '/openapi/directory', `${pointer}/url`);
  return { source: value.openapi, directory: url };
}

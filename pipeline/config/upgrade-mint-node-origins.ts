import { isRecord } from '../site-model/is-record.ts';
import { escapePointer } from '../site-model/json-pointer.ts';

/** Records that the docs.json value at `target` came from the mint.json value at `source` (and, given `value`, so did everything below it). */
export type OriginRecorder = (target: string, source: string, value?: unknown) => void;

/** One noted origin: the value at `at` below a node came from the mint.json value at `source` (and `value` below it). */
interface NotedOrigin {
  at: string;
  source: string;
  value?: unknown;
}

/**
 * Where the values of produced navigation nodes came from in mint.json, noted per node, relative to it, while the
 * node is built and its place in docs.json is not known yet (a primary tab or anchor goes in front of the others).
 */
export type NodeOrigins = Map<object, NotedOrigin[]>;

/** Notes that the value at `at` below `node` came from the mint.json value at `source` (given `value`, so did its parts). */
export function noteOrigin(origins: NodeOrigins, node: object, at: string, source: string, value?: unknown): void {
  origins.set(node, [...(origins.get(node) ?? []), { at, source, value }]);
}

/** The mint.json pointers some produced value came from (the tabs, anchors, groups and pages carried over). */
export function carriedOverSources(origins: NodeOrigins): Set<string> {
  return new Set([...origins.values()].flatMap((noted) => noted.map(({ source }) => source)));
}

/** Records the noted origins of `value` and every node within it, now that `value` sits at `pointer`. */
export function recordNodeOrigins(value: unknown, pointer: string, origins: NodeOrigins, origin: OriginRecorder): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => recordNodeOrigins(item, `${pointer}/${index}`, origins, origin));
    return;
  }
  if (!isRecord(value)) return;
  for (const { at, source, value: noted } of origins.get(value) ?? []) origin(`${pointer}${at}`, source, noted);
  for (const [key, item] of Object.entries(value))
    recordNodeOrigins(item, `${pointer}/${escapePointer(key)}`, origins, origin);
}

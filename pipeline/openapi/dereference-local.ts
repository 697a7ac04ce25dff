import { isRecord } from '../site-model/is-record.ts';
import { unescapePointer } from '../site-model/json-pointer.ts';

/** Most `$ref` hops followed from one value (a chain of references to references); a longer chain is left unresolved. */
const MAX_REFERENCE_HOPS = 32;

/**
 * A copy of a parsed document with every local `$ref` (`#/components/messages/Tick`) replaced by the value it names,
 * itself dereferenced. Each object of the document is copied once, so a schema referring to itself becomes a circular
 * object (which `schemaFields` stops at) and shared values stay shared; the work is bounded by the document's size. A
 * reference that names nothing, another file or a URL, or that loops through references only, is left as written.
 * Pure; reads own keys only (`#/__proto__` names nothing).
 */
export function dereferenceLocal(document: unknown): unknown {
  const copies = new Map<object, unknown>();
  const visit = (value: unknown, hops: number): unknown => {
    if (!value || typeof value !== 'object') return value;
    const reference = (value as Record<string, unknown>).$ref;
    if (typeof reference === 'string' && hops < MAX_REFERENCE_HOPS) {
      const target = localTarget(document, reference);
      if (target !== undefined) return visit(target, hops + 1);
    }
    const known = copies.get(value);
    if (known !== undefined) return known;
    if (Array.isArray(value)) {
      const copy: unknown[] = [];
      copies.set(value, copy);
      for (const item of value) copy.push(visit(item, 0));
      return copy;
    }
    const copy: Record<string, unknown> = {};
    copies.set(value, copy);
    for (const [key, item] of Object.entries(value)) copy[key] = visit(item, 0);
    return copy;
  };
  return visit(document, 0);
}

/** The value a local reference (`#/a/b~1c`) names in the document, through own keys only, or undefined. */
function localTarget(document: unknown, reference: string): unknown {
  if (!reference.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of reference.slice(2).split('/')) {
    let segment: string;
    try {
      segment = unescapePointer(decodeURIComponent(raw));
    } catch {
      return undefined;
    }
    if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)];
    else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

import { isRecord } from '../site-model/is-record.ts';
import { mergeComposition } from './merge-composition.ts';

/** Levels of nested items and alternatives searched for a field. */
const MAX_SEARCH_DEPTH = 4;

/**
 * The `oneOf`/`anyOf` alternatives of a schema (`allOf` merged) that have fields to list, with their position among
 * all its alternatives (the platform numbers untitled ones "Option N" by it). A schema's own alternatives, else those
 * of its `allOf` parts; a schema in `seen` (being walked: an alternative that extends its parent) is not one.
 */
export function alternativesWithFields(
  merged: Record<string, unknown>,
  seen: Set<object>,
): { branch: Record<string, unknown>; index: number }[] {
  return schemaBranches(merged, seen)
    .map((branch, index) => ({ branch, index }))
    .filter(({ branch }) => hasFields(branch, seen));
}

/** A schema's `oneOf` (else `anyOf`) alternatives, else those of its `allOf` parts not being walked already. */
function schemaBranches(schema: Record<string, unknown>, seen: Set<object>): Record<string, unknown>[] {
  const own = schema.oneOf ?? schema.anyOf;
  const lists = Array.isArray(own)
    ? [own]
    : (Array.isArray(schema.allOf) ? schema.allOf : []).map((part) =>
        isRecord(part) && !seen.has(part) ? (part.oneOf ?? part.anyOf) : undefined,
      );
  return lists.flatMap((list) => (Array.isArray(list) ? list : [])).filter(isRecord);
}

/** Whether an alternative has fields to list: properties (its own or merged), or items or alternatives that have some. */
function hasFields(schema: Record<string, unknown>, seen: Set<object>, depth = 0): boolean {
  if (depth >= MAX_SEARCH_DEPTH || seen.has(schema)) return false;
  const merged = mergeComposition(schema, seen, false);
  if (isRecord(merged.properties) && Object.keys(merged.properties).length > 0) return true;
  if (isRecord(merged.items)) return hasFields(merged.items, seen, depth + 1);
  return schemaBranches(merged, seen).some((branch) => hasFields(branch, seen, depth + 1));
}

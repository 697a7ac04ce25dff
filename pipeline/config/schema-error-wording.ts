import type { ErrorObject } from 'ajv';
import { unescapePointer } from '../site-model/json-pointer.ts';

/** `openapi` or `asyncapi`: the key a spec source was written under. */
export function specField(pointer: string): string {
  return pointer.split('/').findLast((segment) => segment === 'openapi' || segment === 'asyncapi') ?? 'spec';
}

/** Whether the pointer names an entry of a `pages` list (a page path or a group object). */
export function isPageEntry(pointer: string): boolean {
  return /\/pages\/\d+$/.test(pointer);
}

/** The types the schema's `type` errors at `pointer` expected, worded as "a string or an object". */
export function expectedTypes(errors: ErrorObject[], pointer: string): string {
  const types = new Set(
    errors
      .filter((error) => error.keyword === 'type' && error.instancePath === pointer)
      .map((error) => String(error.params.type)),
  );
  return [...types].map(articled).join(' or ');
}

/** How a message names the value at `pointer`: its key (`theme`), or `` `pages` entry `` for a list item. */
export function fieldName(pointer: string): string {
  const segments = pointer.split('/').slice(1);
  const last = segments.at(-1);
  if (last === undefined) return 'value';
  if (/^\d+$/.test(last)) return `\`${segments.findLast((segment) => !/^\d+$/.test(segment)) ?? 'list'}\` entry`;
  return unescapePointer(last);
}

/** Where a key sits, as a message says it: ` at the top level` or `` in `/navigation` ``. */
export function where(pointer: string): string {
  return pointer === '' ? ' at the top level' : ` in \`${pointer}\``;
}

/** Characters of a value a message quotes, at most: the rest is an ellipsis. */
const MAX_SHOWN = 120;
/** Control characters, which a terminal would act on (clear the screen, move the cursor) rather than show. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A value as a message quotes it: a string as it is, anything else as JSON, in backticks; control characters
 * escaped (`\u001b`) and past `MAX_SHOWN` characters cut with an ellipsis, so that a hostile docs.json cannot write
 * to the reader's terminal or fill it.
 */
export function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const escaped = text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `\`${escaped.length > MAX_SHOWN ? `${escaped.slice(0, MAX_SHOWN)}…` : escaped}\``;
}

/** The JSON type of a value as a message names it (`null`, `array`, `string`…). */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function articled(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

import { escapePointer } from '../site-model/json-pointer.ts';
import { parse as parseJsonAst } from '@humanwhocodes/momoa';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { findDeepJsonNesting, nestingTooDeep } from '../site/find-deep-nesting.ts';

/** Where a value of a JSON document was written; `key*` is the position of its member name, when it has one. */
export interface JsonLocation {
  file: string;
  line: number;
  column: number;
  keyLine?: number;
  keyColumn?: number;
}

/** A JSON text turned into a plain value plus the position of every value, by JSON pointer. */
export interface ParsedJsonSource {
  value: unknown;
  locations: Map<string, JsonLocation>;
  diagnostics: Diagnostic[];
}

type AstNode = ReturnType<typeof parseJsonAst>['body'];

/**
 * Parses strict JSON with positions: a syntax error (trailing comma, unclosed brace, …) becomes a
 * `json-syntax` error at its line:col and `value` is undefined; a duplicate key is a `duplicate-key` warning
 * (the last value wins, as JSON.parse does). Valid JSON without duplicate keys (the usual case) is read with
 * `JSON.parse`, and the positions are only worked out when a diagnostic first asks for one. Text nested deeper than
 * `MAX_NESTING_DEPTH` is a `nesting-too-deep` error at the opening that goes past it, found before anything recurses into it.
 */
export function parseJsonSource(file: string, text: string): ParsedJsonSource {
  const json = text.replace(/^\uFEFF/, '');
  const deep = findDeepJsonNesting(json);
  if (deep) return { value: undefined, locations: new Map(), diagnostics: [nestingTooDeep(file, deep, 'error')] };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return parseWithPositions(file, text);
  }
  if (countMembers(value) !== countMemberNames(json)) return parseWithPositions(file, text);
  return { value, locations: new LazyLocations(() => parseWithPositions(file, text).locations), diagnostics: [] };
}

/** Positions worked out on first use. */
class LazyLocations extends Map<string, JsonLocation> {
  #load: (() => Map<string, JsonLocation>) | undefined;

  constructor(load: () => Map<string, JsonLocation>) {
    super();
    this.#load = load;
  }

  #filled(): this {
    const load = this.#load;
    if (load) {
      this.#load = undefined;
      for (const [pointer, location] of load()) super.set(pointer, location);
    }
    return this;
  }

  override get(pointer: string): JsonLocation | undefined {
    return super.get.call(this.#filled(), pointer);
  }

  override has(pointer: string): boolean {
    return super.has.call(this.#filled(), pointer);
  }

  override set(pointer: string, location: JsonLocation): this {
    return super.set.call(this.#filled(), pointer, location) as this;
  }

  override get size(): number {
    this.#filled();
    return super.size;
  }

  override forEach(
    callback: (location: JsonLocation, pointer: string, map: Map<string, JsonLocation>) => void,
    thisArgument?: unknown,
  ): void {
    super.forEach.call(this.#filled(), callback, thisArgument);
  }

  override entries(): MapIterator<[string, JsonLocation]> {
    return super.entries.call(this.#filled());
  }

  override keys(): MapIterator<string> {
    return super.keys.call(this.#filled());
  }

  override values(): MapIterator<JsonLocation> {
    return super.values.call(this.#filled());
  }

  override [Symbol.iterator](): MapIterator<[string, JsonLocation]> {
    return this.entries();
  }
}

/** Object members in a parsed value (JSON.parse keeps only the last of duplicate keys). */
function countMembers(value: unknown): number {
  if (Array.isArray(value)) {
    let count = 0;
    for (const item of value) if (item !== null && typeof item === 'object') count += countMembers(item);
    return count;
  }
  if (value === null || typeof value !== 'object') return 0;
  let count = 0;
  for (const key in value) {
    count += 1;
    const member = (value as Record<string, unknown>)[key];
    if (member !== null && typeof member === 'object') count += countMembers(member);
  }
  return count;
}

/** Member names written in valid JSON text: every string token, read in order, that a colon follows. */
function countMemberNames(json: string): number {
  const token = /"(?:[^"\\]|\\.)*"(\s*:)?/g;
  let count = 0;
  for (let match = token.exec(json); match !== null; match = token.exec(json)) if (match[1] !== undefined) count += 1;
  return count;
}

function parseWithPositions(file: string, text: string): ParsedJsonSource {
  const locations = new Map<string, JsonLocation>();
  const diagnostics: Diagnostic[] = [];
  let body: AstNode;
  try {
    body = parseJsonAst(text.replace(/^\uFEFF/, ''), { mode: 'json' }).body;
  } catch (error) {
    const { message, ...position } = error as { line?: number; column?: number; message: string };
    const { line = 1, column = 1 } = /^Unexpected end of input/.test(message) ? endOfText(text) : position;
    diagnostics.push({
      file,
      line,
      column,
      severity: 'error',
      ruleId: 'json-syntax',
      message: `${message.replace(/\s*\(\d+:\d+\)\s*$/, '').replace(/\.$/, '')}: the file is not valid JSON`,
      hint: 'Look for a trailing comma, a missing comma or quote, or an unclosed brace or bracket just before this position.',
    });
    return { value: undefined, locations, diagnostics };
  }
  const toValue = (node: AstNode, pointer: string, key?: { line: number; column: number }): unknown => {
    locations.set(pointer, {
      file,
      line: node.loc.start.line,
      column: node.loc.start.column,
      ...(key ? { keyLine: key.line, keyColumn: key.column } : {}),
    });
    switch (node.type) {
      case 'Object': {
        const result: Record<string, unknown> = {};
        const seen = new Set<string>();
        for (const member of node.members) {
          const name = member.name.type === 'String' ? member.name.value : member.name.name;
          if (seen.has(name)) {
            diagnostics.push({
              file,
              line: member.name.loc.start.line,
              column: member.name.loc.start.column,
              pointer: `${pointer}/${escapePointer(name)}`,
              severity: 'warning',
              ruleId: 'duplicate-key',
              message: `Unexpected duplicate key \`${name}\`, expected each key once per object`,
              hint: 'The last value is used, as the platform reads it; merge the two entries.',
            });
          }
          seen.add(name);
          result[name] = toValue(member.value as AstNode, `${pointer}/${escapePointer(name)}`, member.name.loc.start);
        }
        return result;
      }
      case 'Array':
        return node.elements.map((element, index) => toValue(element.value as AstNode, `${pointer}/${index}`));
      case 'String':
      case 'Number':
      case 'Boolean':
        return node.value;
      case 'Null':
        return null;
      default:
        return undefined;
    }
  };
  return { value: toValue(body, ''), locations, diagnostics };
}

/** Where a truncated file ends: just after its last non-blank character (the parser reports 1:1 after a `:`). */
function endOfText(text: string): { line: number; column: number } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  return { line: lines.length, column: (lines.at(-1) ?? '').length + 1 };
}

import { isRecord } from '../site-model/is-record.ts';
import { mergeComposition } from './merge-composition.ts';

/** Deepest level of nested objects and arrays a generated example reaches; deeper values are left out. */
const MAX_DEPTH = 6;
/** Most values one generated example holds; further properties are left out. */
const MAX_VALUES = 400;

/** Placeholder strings by `format`, as the platform writes them. */
const STRING_BY_FORMAT: Record<string, string> = {
  byte: 'aSDinaTvuI8gbWludGxpZnk=',
  base64: 'aSDinaTvuI8gbWludGxpZnk=',
  date: '2023-12-25',
  'date-time': '2023-11-07T05:31:56Z',
  email: 'jsmith@example.com',
  uuid: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
  ipv4: '127.0.0.1',
  ipv6: '2606:4700:3108::ac42:2835',
};

/**
 * The example value the platform builds from a schema when a body has none (`generateExampleFromSchema` of
 * `@mintlify/validation`): the schema's own `example` (or first `examples` entry), else its `default`, `const` or first
 * `enum` value, else the `example`s of its `allOf` parts merged, else a value by type — `<string>` (or a value for its
 * `format`), `123` (the middle of `minimum`/`maximum` when set), `true`, `null`, `<any>` for no type —; objects with every property (`allOf` merged, the first
 * `oneOf`/`anyOf` branch taken), arrays with one item. A request leaves out `readOnly` properties, a response
 * `writeOnly` ones. Deterministic; bounded to `MAX_DEPTH` levels and `MAX_VALUES` values, a circular schema stopping
 * where it repeats.
 */
export function schemaExample(schema: Record<string, unknown>, direction: 'request' | 'response'): unknown {
  const budget = { values: MAX_VALUES };
  return exampleOf(schema, direction, 0, new Set(), budget);
}

function exampleOf(
  schema: Record<string, unknown>,
  direction: 'request' | 'response',
  depth: number,
  seen: Set<object>,
  budget: { values: number },
): unknown {
  budget.values -= 1;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples[0] !== undefined) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const combined = allOfExample(schema);
  if (combined !== undefined) return combined;
  if (seen.has(schema)) return '<any>';
  const branch = firstBranch(schema);
  if (branch) return exampleOf(branch, direction, depth, seen, budget);
  const merged = mergeComposition(schema);
  const type = Array.isArray(merged.type) ? merged.type[0] : merged.type;
  switch (type ?? (isRecord(merged.properties) ? 'object' : isRecord(merged.items) ? 'array' : undefined)) {
    case 'string':
      return STRING_BY_FORMAT[String(merged.format).toLowerCase()] ?? '<string>';
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return numberExample(merged, type === 'integer');
    case 'null':
      return null;
    case 'object':
      return objectExample(schema, merged, direction, depth, seen, budget);
    case 'array':
      if (depth >= MAX_DEPTH || !isRecord(merged.items)) return [];
      seen.add(schema);
      try {
        return [exampleOf(merged.items, direction, depth + 1, seen, budget)];
      } finally {
        seen.delete(schema);
      }
    default:
      return '<any>';
  }
}

/** The examples of an `allOf`'s parts combined, as the platform merges them: objects merged, else the last one. */
function allOfExample(schema: Record<string, unknown>): unknown {
  if (!Array.isArray(schema.allOf)) return undefined;
  let combined: unknown;
  for (const part of schema.allOf) {
    if (!isRecord(part)) continue;
    const example = part.example ?? (Array.isArray(part.examples) ? part.examples[0] : undefined);
    if (example === undefined) continue;
    combined = isRecord(combined) && isRecord(example) ? { ...combined, ...example } : example;
  }
  return combined;
}

/** The first `oneOf`/`anyOf` branch of a schema that has no properties of its own to merge it into. */
function firstBranch(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  if (schema.type !== undefined || schema.properties !== undefined || schema.allOf !== undefined) return undefined;
  const branches = schema.oneOf ?? schema.anyOf;
  return Array.isArray(branches) && isRecord(branches[0]) ? branches[0] : undefined;
}

function objectExample(
  schema: Record<string, unknown>,
  merged: Record<string, unknown>,
  direction: 'request' | 'response',
  depth: number,
  seen: Set<object>,
  budget: { values: number },
): Record<string, unknown> {
  const example: Record<string, unknown> = {};
  if (depth >= MAX_DEPTH || !isRecord(merged.properties)) return example;
  seen.add(schema);
  for (const [name, property] of Object.entries(merged.properties)) {
    if (budget.values <= 0) break;
    if (!isRecord(property) || property[direction === 'request' ? 'readOnly' : 'writeOnly'] === true) continue;
    example[name] = exampleOf(property, direction, depth + 1, seen, budget);
  }
  seen.delete(schema);
  return example;
}

/** `123`, or the middle of `minimum` and `maximum`, `minimum + 1`, or below `maximum` (whole for an integer). */
function numberExample(schema: Record<string, unknown>, integer: boolean): number {
  const whole = (value: number): number => (integer ? Math.floor(value) : value);
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (minimum !== undefined && maximum !== undefined) return whole((minimum + maximum) / 2);
  if (minimum !== undefined) return whole(minimum + 1);
  if (maximum !== undefined) return maximum > 123 ? 123 : whole(maximum - 1);
  return 123;
}

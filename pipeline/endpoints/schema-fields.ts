import { isRecord } from '../site-model/is-record.ts';
import { descriptionText } from './description-text.ts';
import { mergeComposition } from './merge-composition.ts';
import { alternativesWithFields } from './schema-alternatives.ts';

const MAX_SCHEMA_DEPTH = 4;
const MAX_FIELDS = 200;
const MAX_ENUM_VALUES = 12;

/** The schema of a body's first media type that has one (`content.<media type>.schema`). */
export function firstSchema(content: unknown): Record<string, unknown> | undefined {
  if (!content || typeof content !== 'object') return undefined;
  for (const media of Object.values(content as Record<string, Record<string, unknown>>)) {
    if (media?.schema && typeof media.schema === 'object') return media.schema as Record<string, unknown>;
  }
  return undefined;
}

/** Most `oneOf`/`anyOf` alternatives of one schema whose fields are listed; further ones are left out. */
export const MAX_BRANCHES = 8;
/** Most field lines one alternative adds, so that a large first alternative leaves room for the others. */
export const MAX_BRANCH_FIELDS = 40;

/** Where a walk of a schema's fields is: the field path so far, the nesting level, the alternative it is in. */
interface FieldsAt {
  prefix: string;
  depth: number;
  /** `ChatPrompt`, `2`, `ChatPrompt › 1`: the alternatives (their titles, else their numbers) the fields belong to. */
  option: string;
}

/**
 * What one walk shares: the schemas being walked (a circular schema stops), the depth limit, the lines and their limit,
 * and the alternatives still to list.
 */
interface FieldsWalk {
  seen: Set<object>;
  maxDepth: number;
  out: string[];
  limit: number;
  queue: QueuedAlternative[];
}

/** An alternative whose fields are listed after the fields around it, with the schemas being walked where it was met. */
interface QueuedAlternative {
  schema: Record<string, unknown>;
  at: FieldsAt;
  seen: Set<object>;
}

/**
 * The fields of a schema, one line each: `name (type, required, default 1): description. One of: a, b.`, nested fields
 * with dotted paths (`items[].sku`), `allOf` merged. Every `oneOf`/`anyOf` alternative's fields are listed, as the
 * platform's page shows each as an option: when two or more alternatives have fields, each of their lines says which
 * (`option ChatPrompt`, by the alternative's `title`, else its number as the platform's "Option 2"), and they come
 * after the fields around them; at most 8 alternatives per schema and 40 lines each. At most `maxDepth` levels
 * (default 4) and 200 lines; a circular schema stops where it repeats.
 */
export function schemaFields(
  schema: Record<string, unknown>,
  prefix = '',
  depth = 0,
  seen = new Set<object>(),
  maxDepth = MAX_SCHEMA_DEPTH,
  out: string[] = [],
): string[] {
  const queue: QueuedAlternative[] = [];
  collectFields(schema, { prefix, depth, option: '' }, { seen, maxDepth, out, limit: MAX_FIELDS, queue });
  // Alternatives come after the fields around them (theirs after their siblings'), so that one alternative's nested
  // options cannot crowd out the fields of the others.
  for (let next = queue.shift(); next !== undefined && out.length < MAX_FIELDS; next = queue.shift()) {
    const limit = Math.min(MAX_FIELDS, out.length + MAX_BRANCH_FIELDS);
    collectFields(next.schema, next.at, { seen: next.seen, maxDepth, out, limit, queue });
  }
  return out;
}

function collectFields(schema: Record<string, unknown>, at: FieldsAt, walk: FieldsWalk): void {
  const { seen, out } = walk;
  if (at.depth >= walk.maxDepth || seen.has(schema) || out.length >= walk.limit) return;
  // An `allOf` part being walked already (an alternative that extends its parent) adds nothing again.
  const merged = mergeComposition(schema, seen, false);
  seen.add(schema);
  const properties = (merged.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(merged.required) ? merged.required.map(String) : []);
  for (const [name, property] of Object.entries(properties)) {
    if (!property || typeof property !== 'object' || out.length >= walk.limit) continue;
    const field = at.prefix ? `${at.prefix}.${name}` : name;
    const details = [
      typeOf(property),
      required.has(name) ? 'required' : '',
      property.default !== undefined ? `default ${JSON.stringify(property.default)}` : '',
      at.option ? `option ${at.option}` : '',
    ].filter(Boolean);
    const text = fieldText(property.description, property);
    out.push(`${field}${details.length > 0 ? ` (${details.join(', ')})` : ''}${text === '' ? '' : `: ${text}`}`);
    const items = property.items as Record<string, unknown> | undefined;
    const inner = items && typeof items === 'object' ? items : property;
    collectFields(inner, { ...at, prefix: items ? `${field}[]` : field, depth: at.depth + 1 }, walk);
  }
  if (merged.items && typeof merged.items === 'object' && Object.keys(properties).length === 0) {
    const prefix = at.prefix ? `${at.prefix}[]` : '[]';
    collectFields(merged.items as Record<string, unknown>, { ...at, prefix, depth: at.depth + 1 }, walk);
  }
  collectBranchFields(merged, at, walk);
  seen.delete(schema);
}

/**
 * The fields of a schema's `oneOf`/`anyOf` alternatives, at the schema's own path: those of the one alternative with
 * fields listed here, else each alternative queued, labelled.
 */
function collectBranchFields(merged: Record<string, unknown>, at: FieldsAt, walk: FieldsWalk): void {
  const withFields = alternativesWithFields(merged, walk.seen);
  if (withFields.length === 1 && withFields[0]) {
    collectFields(withFields[0].branch, at, walk);
    return;
  }
  for (const { branch, index } of withFields.slice(0, MAX_BRANCHES)) {
    const title = isTitled(branch) ? branch.title.trim() : `${index + 1}`;
    const option = at.option ? `${at.option} › ${title}` : title;
    walk.queue.push({ schema: branch, at: { ...at, option }, seen: new Set(walk.seen) });
  }
}

/**
 * A schema's type as text: `string`, `string | null`, `object[]`, `(string | null)[]`; the branch types of an untyped
 * (or object) `anyOf`/`oneOf`, a titled branch named as the platform's page names it (`ChatPrompt · object`).
 */
export function typeOf(schema: Record<string, unknown>, depth = 0): string {
  const branches = schema.anyOf ?? schema.oneOf;
  const titled = Array.isArray(branches) && branches.some((branch) => isTitled(branch));
  const type =
    Array.isArray(branches) &&
    depth < MAX_SCHEMA_DEPTH &&
    (schema.type === undefined || (titled && schema.type === 'object'))
      ? branchTypes(branches, depth)
      : Array.isArray(schema.type)
        ? schema.type.join(' | ')
        : typeof schema.type === 'string'
          ? schema.type
          : '';
  if (type === 'array' && schema.items && typeof schema.items === 'object' && depth < MAX_SCHEMA_DEPTH) {
    const itemType = typeOf(schema.items as Record<string, unknown>, depth + 1);
    return itemType === '' ? 'array' : itemType.includes(' | ') ? `(${itemType})[]` : `${itemType}[]`;
  }
  return type || (schema.properties ? 'object' : '');
}

/** The distinct types of a schema's alternatives, `a | b`; past `MAX_ENUM_VALUES` of them, the rest as `…`. */
function branchTypes(branches: unknown[], depth: number): string {
  const types = [
    ...new Set(
      branches
        .map((branch) =>
          branch && typeof branch === 'object' ? branchType(branch as Record<string, unknown>, depth) : '',
        )
        .filter(Boolean),
    ),
  ];
  return [...types.slice(0, MAX_ENUM_VALUES), ...(types.length > MAX_ENUM_VALUES ? ['…'] : [])].join(' | ');
}

/** One alternative's type: `object`, or `ChatPrompt · object` for one with a title. */
function branchType(branch: Record<string, unknown>, depth: number): string {
  const type = typeOf(branch, depth + 1);
  return isTitled(branch) && type !== '' ? `${branch.title.trim()} · ${type}` : type;
}

/** Whether an alternative has a `title` to be named by. */
function isTitled(schema: unknown): schema is Record<string, unknown> & { title: string } {
  return isRecord(schema) && typeof schema.title === 'string' && schema.title.trim() !== '';
}

/**
 * A field's or parameter's text: its description, then its `enum` values (the first 12) as their own sentence
 * (`Filter by status. One of: active, deleted.`); '' when it has neither.
 */
export function fieldText(description: unknown, schema: Record<string, unknown>): string {
  const text = descriptionText(description);
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) return text;
  const values = `One of: ${schema.enum.slice(0, MAX_ENUM_VALUES).map(String).join(', ')}.`;
  return text === '' ? values : `${/[.!?:;…]$/.test(text) ? text : `${text}.`} ${values}`;
}

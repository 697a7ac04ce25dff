import { descriptionText } from './description-text.ts';

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

/** What one walk shares: the schemas being walked (a circular schema stops), the depth limit, the lines and their limit. */
interface FieldsWalk {
  seen: Set<object>;
  maxDepth: number;
  out: string[];
  limit: number;
}

/**
 * The fields of a schema, one line each: `name (type, required, default 1): description. One of: a, b.`, nested fields
 * with dotted paths (`items[].sku`), `allOf` merged. Every `oneOf`/`anyOf` alternative's fields are listed, as the
 * platform's page shows each as an option: when two or more alternatives have fields, each of their lines says which
 * (`option ChatPrompt`, by the alternative's `title`, else its number as the platform's "Option 2"); at most 8
 * alternatives and 40 lines each. At most `maxDepth` levels (default 4) and 200 lines; a circular schema stops where it
 * repeats.
 */
export function schemaFields(
  schema: Record<string, unknown>,
  prefix = '',
  depth = 0,
  seen = new Set<object>(),
  maxDepth = MAX_SCHEMA_DEPTH,
  out: string[] = [],
): string[] {
  collectFields(schema, { prefix, depth, option: '' }, { seen, maxDepth, out, limit: MAX_FIELDS });
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

/** The fields of a schema's `oneOf`/`anyOf` alternatives, at the schema's own path; labelled when two or more have fields. */
function collectBranchFields(merged: Record<string, unknown>, at: FieldsAt, walk: FieldsWalk): void {
  const withFields = schemaBranches(merged, walk.seen)
    .map((branch, index) => ({ branch, index }))
    .filter(({ branch }) => hasFields(branch, walk.seen));
  if (withFields.length === 1 && withFields[0]) {
    collectFields(withFields[0].branch, at, walk);
    return;
  }
  for (const { branch, index } of withFields.slice(0, MAX_BRANCHES)) {
    const title = typeof branch.title === 'string' && branch.title.trim() !== '' ? branch.title.trim() : `${index + 1}`;
    const option = at.option ? `${at.option} › ${title}` : title;
    const limit = Math.min(walk.limit, walk.out.length + MAX_BRANCH_FIELDS);
    collectFields(branch, { ...at, option }, { ...walk, limit });
  }
}

/** A schema's `oneOf` (else `anyOf`) alternatives, else those of its `allOf` parts not being walked already. */
function schemaBranches(schema: Record<string, unknown>, seen: Set<object>): Record<string, unknown>[] {
  const own = schema.oneOf ?? schema.anyOf;
  const lists = Array.isArray(own)
    ? [own]
    : ((schema.allOf as unknown[] | undefined) ?? []).map((part) =>
        part && typeof part === 'object' && !seen.has(part)
          ? ((part as Record<string, unknown>).oneOf ?? (part as Record<string, unknown>).anyOf)
          : undefined,
      );
  return lists
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .filter((branch): branch is Record<string, unknown> => !!branch && typeof branch === 'object');
}

/** Whether an alternative has fields to list: properties (its own or merged), or items or alternatives that have some. */
function hasFields(schema: Record<string, unknown>, seen: Set<object>, depth = 0): boolean {
  if (depth >= MAX_SCHEMA_DEPTH || seen.has(schema)) return false;
  const merged = mergeComposition(schema, seen, false);
  if (merged.properties && typeof merged.properties === 'object' && Object.keys(merged.properties).length > 0) {
    return true;
  }
  if (merged.items && typeof merged.items === 'object') {
    return hasFields(merged.items as Record<string, unknown>, seen, depth + 1);
  }
  return schemaBranches(merged, seen).some((branch) => hasFields(branch, seen, depth + 1));
}

/**
 * Merges `allOf` (and, unless `withFirstBranch` is false, the first `oneOf`/`anyOf` branch) into one schema; a schema
 * already being merged (a circular `$ref`) adds nothing.
 */
export function mergeComposition(
  schema: Record<string, unknown>,
  merging = new Set<object>(),
  withFirstBranch = true,
): Record<string, unknown> {
  if (merging.has(schema)) return {};
  const parts = [
    ...((schema.allOf as Record<string, unknown>[] | undefined) ?? []),
    ...(withFirstBranch
      ? (((schema.oneOf ?? schema.anyOf) as Record<string, unknown>[] | undefined)?.slice(0, 1) ?? [])
      : []),
  ];
  if (parts.length === 0) return schema;
  const properties: Record<string, unknown> = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}) };
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const part of parts) {
    if (!part || typeof part !== 'object') continue;
    merging.add(schema);
    const inner = mergeComposition(part, merging, withFirstBranch);
    merging.delete(schema);
    Object.assign(properties, (inner.properties as Record<string, unknown> | undefined) ?? {});
    if (Array.isArray(inner.required)) for (const name of inner.required) required.add(String(name));
  }
  return { ...schema, properties, required: [...required] };
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
      ? [
          ...new Set(
            branches
              .map((branch: unknown) =>
                branch && typeof branch === 'object' ? branchType(branch as Record<string, unknown>, depth) : '',
              )
              .filter(Boolean),
          ),
        ].join(' | ')
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

/** One alternative's type: `object`, or `ChatPrompt · object` for one with a title. */
function branchType(branch: Record<string, unknown>, depth: number): string {
  const type = typeOf(branch, depth + 1);
  return isTitled(branch) && type !== '' ? `${String(branch.title).trim()} · ${type}` : type;
}

function isTitled(schema: unknown): boolean {
  return (
    !!schema &&
    typeof schema === 'object' &&
    typeof (schema as Record<string, unknown>).title === 'string' &&
    String((schema as Record<string, unknown>).title).trim() !== ''
  );
}

/** ` One of: a, b.` for a schema with `enum` values (the first 12), else ''. */
export function enumText(schema: Record<string, unknown>): string {
  return Array.isArray(schema.enum) && schema.enum.length > 0
    ? ` One of: ${schema.enum.slice(0, MAX_ENUM_VALUES).map(String).join(', ')}.`
    : '';
}

/**
 * A field's or parameter's text: its description, then its `enum` values (`enumText`) as their own sentence
 * (`Filter by status. One of: active, deleted.`); '' when it has neither.
 */
export function fieldText(description: unknown, schema: Record<string, unknown>): string {
  const text = descriptionText(description);
  const values = enumText(schema).trim();
  if (values === '') return text;
  return text === '' ? values : `${/[.!?:;…]$/.test(text) ? text : `${text}.`} ${values}`;
}

import { descriptionText } from './description-text.ts';

const MAX_SCHEMA_DEPTH = 4;
const MAX_FIELDS = 200;
const MAX_ENUM_VALUES = 12;

/**
 * The fields of a schema, one line each: `name (type, required, default 1): description One of: a, b.`, nested fields
 * with dotted paths (`items[].sku`), `allOf` merged and the first `oneOf`/`anyOf` branch taken. At most `maxDepth`
 * levels (default 4) and 200 lines; a circular schema stops where it repeats.
 */
export function schemaFields(
  schema: Record<string, unknown>,
  prefix = '',
  depth = 0,
  seen = new Set<object>(),
  maxDepth = MAX_SCHEMA_DEPTH,
  out: string[] = [],
): string[] {
  if (depth >= maxDepth || seen.has(schema) || out.length >= MAX_FIELDS) return out;
  seen.add(schema);
  const merged = mergeComposition(schema);
  const properties = (merged.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(merged.required) ? merged.required.map(String) : []);
  for (const [name, property] of Object.entries(properties)) {
    if (!property || typeof property !== 'object' || out.length >= MAX_FIELDS) continue;
    const field = prefix ? `${prefix}.${name}` : name;
    const details = [
      typeOf(property),
      required.has(name) ? 'required' : '',
      property.default !== undefined ? `default ${JSON.stringify(property.default)}` : '',
    ].filter(Boolean);
    out.push(
      `${field}${details.length > 0 ? ` (${details.join(', ')})` : ''}: ${descriptionText(property.description)}${enumText(property)}`.replace(
        /: $/,
        '',
      ),
    );
    const items = property.items as Record<string, unknown> | undefined;
    schemaFields(
      items && typeof items === 'object' ? items : property,
      items ? `${field}[]` : field,
      depth + 1,
      seen,
      maxDepth,
      out,
    );
  }
  if (merged.items && typeof merged.items === 'object' && Object.keys(properties).length === 0) {
    schemaFields(
      merged.items as Record<string, unknown>,
      prefix ? `${prefix}[]` : '[]',
      depth + 1,
      seen,
      maxDepth,
      out,
    );
  }
  seen.delete(schema);
  return out;
}

/** Merges `allOf` (and the first `oneOf`/`anyOf` branch) into one schema; a schema already being merged (a circular `$ref`) adds nothing. */
export function mergeComposition(
  schema: Record<string, unknown>,
  merging = new Set<object>(),
): Record<string, unknown> {
  if (merging.has(schema)) return {};
  const parts = [
    ...((schema.allOf as Record<string, unknown>[] | undefined) ?? []),
    ...(((schema.oneOf ?? schema.anyOf) as Record<string, unknown>[] | undefined)?.slice(0, 1) ?? []),
  ];
  if (parts.length === 0) return schema;
  const properties: Record<string, unknown> = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}) };
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const part of parts) {
    if (!part || typeof part !== 'object') continue;
    merging.add(schema);
    const inner = mergeComposition(part, merging);
    merging.delete(schema);
    Object.assign(properties, (inner.properties as Record<string, unknown> | undefined) ?? {});
    if (Array.isArray(inner.required)) for (const name of inner.required) required.add(String(name));
  }
  return { ...schema, properties, required: [...required] };
}

/** A schema's type as text: `string`, `string | null`, `object[]`; the branch types of an untyped `anyOf`/`oneOf`. */
export function typeOf(schema: Record<string, unknown>, depth = 0): string {
  const branches = schema.anyOf ?? schema.oneOf;
  const type = Array.isArray(schema.type)
    ? schema.type.join(' | ')
    : typeof schema.type === 'string'
      ? schema.type
      : Array.isArray(branches) && depth < MAX_SCHEMA_DEPTH
        ? [
            ...new Set(
              branches
                .map((branch: unknown) =>
                  branch && typeof branch === 'object' ? typeOf(branch as Record<string, unknown>, depth + 1) : '',
                )
                .filter(Boolean),
            ),
          ].join(' | ')
        : '';
  if (type === 'array' && schema.items && typeof schema.items === 'object' && depth < MAX_SCHEMA_DEPTH) {
    const itemType = typeOf(schema.items as Record<string, unknown>, depth + 1);
    return itemType ? `${itemType}[]` : 'array';
  }
  return type || (schema.properties ? 'object' : '');
}

/** ` One of: a, b.` for a schema with `enum` values (the first 12), else ''. */
export function enumText(schema: Record<string, unknown>): string {
  return Array.isArray(schema.enum) && schema.enum.length > 0
    ? ` One of: ${schema.enum.slice(0, MAX_ENUM_VALUES).map(String).join(', ')}.`
    : '';
}

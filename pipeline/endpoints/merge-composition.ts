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

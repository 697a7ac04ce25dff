/** A JSON Schema object as AJV hands it over (`parentSchema`, the root schema). */
export type SchemaNode = Record<string, unknown>;

/** Every key the schema object (and the definitions it pulls in through allOf/$ref) declares. */
export function allowedKeys(
  schema: SchemaNode | undefined,
  root: SchemaNode,
  seen = new Set<SchemaNode>(),
): Set<string> {
  const keys = new Set<string>();
  if (!schema || seen.has(schema)) return keys;
  seen.add(schema);
  for (const key of Object.keys((schema.properties as SchemaNode | undefined) ?? {})) keys.add(key);
  const nested = [
    ...((schema.allOf as SchemaNode[] | undefined) ?? []),
    ...(typeof schema.$ref === 'string' ? [resolveReference(schema.$ref, root)] : []),
  ];
  for (const part of nested) for (const key of allowedKeys(part, root, seen)) keys.add(key);
  return keys;
}

function resolveReference(reference: string, root: SchemaNode): SchemaNode | undefined {
  let node: unknown = root;
  for (const segment of reference.replace(/^#\//, '').split('/')) node = (node as SchemaNode | undefined)?.[segment];
  return node as SchemaNode | undefined;
}

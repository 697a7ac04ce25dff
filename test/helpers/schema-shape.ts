import { expect } from 'vitest';

// Checks a TypeScript type against the JSON Schema object it describes, in both directions. The compiler forces a
// `Shape<T>` to list every member `T` declares (with its JSON type), no more, whether `T` is open (has an index
// signature) and which members it requires; `expectShapeMatchesSchema` then checks that list against the schema
// object: the same members, types, required members and openness. `schemaObjectPointers` lists every object of a
// schema that declares members, so a test can require a shape for each.

/** A JSON Schema type name; integers are `integer` in a schema and `number` in TypeScript. */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
type JsonTypeOf<V> = unknown extends V
  ? never
  : V extends string
    ? 'string'
    : V extends number
      ? 'number' | 'integer'
      : V extends boolean
        ? 'boolean'
        : V extends readonly unknown[]
          ? 'array'
          : 'object';
/** The members `T` requires (index signatures left out). */
export type RequiredKeys<T> = { [K in KnownKeys<T>]-?: object extends Pick<T, K> ? never : K }[KnownKeys<T>];
/** Every member `T` declares (index signatures left out) with its JSON type(s), none for `unknown`. */
export type MemberTypes<T> = { [K in KnownKeys<T>]-?: readonly JsonTypeOf<NonNullable<T[K]>>[] };

/** Every declared member of `T` with its JSON type(s), whether `T` takes members it does not declare, and its required members. */
export interface Shape<T> {
  types: MemberTypes<T>;
  open: string extends keyof T ? true : false;
  required: readonly RequiredKeys<T>[];
}

/** A JSON Schema node, as far as these checks read it. */
export interface SchemaNode {
  type?: JsonType | JsonType[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  required?: string[];
  $defs?: Record<string, SchemaNode>;
}

/** The node at a JSON pointer of `root` (`/properties/site`, `/$defs/page`), through `$ref`s. */
export function schemaAt(root: SchemaNode, pointer: string): SchemaNode {
  let node: SchemaNode = root;
  for (const part of pointer.split('/').slice(1))
    node = (resolveReference(root, node) as Record<string, unknown>)[part] as SchemaNode;
  return resolveReference(root, node ?? {});
}

/** Pointers of every object schema of `root` that declares `properties` (through properties, items and `$defs`), each once. */
export function schemaObjectPointers(root: SchemaNode): string[] {
  const found: string[] = [];
  const visit = (node: SchemaNode | undefined, pointer: string): void => {
    if (!node || node.$ref) return;
    if (node.properties) {
      found.push(pointer);
      for (const [key, child] of Object.entries(node.properties)) visit(child, `${pointer}/properties/${key}`);
    }
    if (node.items) visit(node.items, `${pointer}/items`);
  };
  visit(root, '');
  for (const [name, definition] of Object.entries(root.$defs ?? {})) visit(definition, `/$defs/${name}`);
  return found;
}

/** Expects `shape` (checked against its type by the compiler) to declare what the schema object at `pointer` declares. */
export function expectShapeMatchesSchema(
  root: SchemaNode,
  pointer: string,
  shape: { types: object; open: boolean; required: readonly string[] },
): void {
  const schema = schemaAt(root, pointer);
  expect(Object.keys(shape.types).sort(), `${pointer}: the type's members are the schema's`).toEqual(
    Object.keys(schema.properties ?? {}).sort(),
  );
  for (const [member, types] of Object.entries(shape.types as Record<string, readonly JsonType[]>)) {
    expect([...typesOf(root, schema.properties?.[member] ?? {})].sort(), `${pointer}/properties/${member}`).toEqual(
      [...types].sort(),
    );
  }
  expect(shape.open, `${pointer}: open to members it does not declare`).toBe(schema.additionalProperties !== false);
  expect([...shape.required].sort(), `${pointer}: required members`).toEqual([...(schema.required ?? [])].sort());
}

function resolveReference(root: SchemaNode, node: SchemaNode): SchemaNode {
  return node.$ref ? resolveReference(root, schemaAt(root, node.$ref.replace(/^#/, ''))) : node;
}

/** The JSON types a schema node accepts (through `$ref`, `oneOf`/`anyOf`, `enum` and `const`); integral constants are `integer`. */
export function typesOf(root: SchemaNode, node: SchemaNode): Set<string> {
  const resolved = resolveReference(root, node);
  const found = new Set<string>([resolved.type ?? []].flat());
  const constants = [...(resolved.enum ?? []), ...('const' in resolved ? [resolved.const] : [])];
  for (const value of constants)
    found.add(Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value);
  for (const choice of [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])])
    for (const type of typesOf(root, choice)) found.add(type);
  return found;
}

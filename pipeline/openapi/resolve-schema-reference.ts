import { distance } from 'fastest-levenshtein';
import type { LoadedSpec, LoadedSpecs } from './loaded-spec.ts';
import { findSpec, loadedSpecsHint } from './resolve-operation-reference.ts';

/** A frontmatter `openapi-schema` value: `Name` or `spec-file Name`. */
export interface SchemaReference {
  specName?: string;
  name: string;
}

/** A schema reference resolved to its spec and schema, or the reason it could not be (`specNotLoaded` as for operations). */
export type SchemaResolution =
  | { ok: true; spec: LoadedSpec; name: string; schema: Record<string, unknown> }
  | { ok: false; message: string; hint?: string; specNotLoaded?: true };

/** How many schema names a hint suggests. */
const CLOSEST_SCHEMAS = 3;

/**
 * Reads `openapi-schema: "Name"` or `"spec-file Name"` as the platform does (`parseOpenApiSchemaString` of
 * `@mintlify/common`: one or two words); undefined for anything else.
 */
export function parseSchemaReference(value: string): SchemaReference | undefined {
  const words = value.trim().split(/\s+/);
  if (words.length === 1 && words[0]) return { name: words[0] };
  if (words.length === 2 && words[0] && words[1]) return { specName: words[0], name: words[1] };
  return undefined;
}

/**
 * Finds `components.schemas[name]` in the named spec, else in the first loaded spec that has it — the platform
 * (`getMatchingOpenApiFile`) matches `#/components/schemas/<name>` the same way. A name found nowhere names the
 * closest schemas; it may be in one of `unloadedSpecs` (the site's specs that did not load, each already reported).
 */
export function resolveSchemaReference(
  specs: LoadedSpecs,
  reference: SchemaReference,
  unloadedSpecs: readonly string[] = [],
): SchemaResolution {
  let candidates = [...specs.values()];
  if (reference.specName !== undefined) {
    const spec = findSpec(specs, reference.specName);
    if (!spec)
      return {
        ok: false,
        message: `Cannot find the spec \`${reference.specName}\` named in \`${reference.specName} ${reference.name}\``,
        hint: loadedSpecsHint(reference.specName, [...specs.keys()]),
      };
    candidates = [spec];
  }
  for (const spec of candidates) {
    const schema = Object.hasOwn(spec.schemas, reference.name) ? spec.schemas[reference.name] : undefined;
    if (schema) return { ok: true, spec, name: reference.name, schema };
  }
  const closest = [...new Set(candidates.flatMap((spec) => Object.keys(spec.schemas)))]
    .map((name) => ({ name, score: distance(reference.name.toLowerCase(), name.toLowerCase()) }))
    .sort((left, right) => left.score - right.score || left.name.localeCompare(right.name))
    .slice(0, CLOSEST_SCHEMAS)
    .map((entry) => `\`${entry.name}\``);
  return {
    ok: false,
    message:
      candidates.length === 0
        ? `Cannot resolve the schema \`${reference.name}\`: no OpenAPI spec is loaded`
        : `Cannot find the schema \`${reference.name}\` in ${candidates.map((spec) => `\`${spec.file}\``).join(', ')}`,
    ...(closest.length > 0 ? { hint: `Closest schemas: ${closest.join(', ')}.` } : {}),
    ...(reference.specName === undefined && unloadedSpecs.length > 0 ? { specNotLoaded: true as const } : {}),
  };
}

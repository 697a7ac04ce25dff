import { CORE_SCHEMA, load } from 'js-yaml';

/** An anchor (`&name`) in YAML text: aliases to it are left to `yaml`, which bounds their expansion. */
const ANCHOR = /(?:^|[\s:[{,-])&[^\s,[\]{}]/m;

/**
 * Parses YAML 1.2 with the core schema (no timestamps, no merge keys: what `yaml` reads) using js-yaml,
 * which is 5–20× faster than `yaml` on large OpenAPI specs. Returns undefined when js-yaml cannot parse the
 * text or the text uses anchors; the caller then parses with `yaml`, whose errors carry line and column.
 */
export function parseYamlValue(text: string): { value: unknown } | undefined {
  if (ANCHOR.test(text)) return undefined;
  try {
    return { value: load(text, { schema: CORE_SCHEMA }) };
  } catch {
    return undefined;
  }
}

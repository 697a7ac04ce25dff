import path from 'node:path/posix';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import type { SiteSource } from '../site/site-source.ts';
import { MAX_NESTING_DEPTH, nestingTooDeep } from '../site/find-deep-nesting.ts';
import { escapePointer } from '../site-model/json-pointer.ts';
import { parseJsonSource, type JsonLocation } from './parse-json-source.ts';

/** docs.json with every `"$ref"` replaced by the referenced file, and where each value came from. */
export interface ExpandedConfig {
  value: unknown;
  locations: Map<string, JsonLocation>;
  diagnostics: Diagnostic[];
}

/**
 * Parses `configFile` and replaces every object carrying `"$ref": "path.json"` by that file's JSON (paths
 * relative to the referencing file, or to the site root with a leading `/`); sibling keys merge on top.
 * References that leave the site root, are missing, or form a cycle are errors and stay unexpanded; files that nest
 * deeper than `MAX_NESTING_DEPTH` together are a `nesting-too-deep` error.
 */
export function expandConfigRefs(source: SiteSource, configFile: string): ExpandedConfig {
  const locations = new Map<string, JsonLocation>();
  const diagnostics: Diagnostic[] = [];
  const root = parseJsonSource(configFile, source.files.get(configFile) ?? '');
  diagnostics.push(...root.diagnostics);
  if (root.value === undefined) return { value: undefined, locations, diagnostics };
  // Without any `$ref` the expansion is the file itself (docs.json of a versioned site lists every path: a walk costs).
  if (!containsRef(root.value)) return { value: root.value, locations: root.locations, diagnostics };

  // `depth` counts the lists and objects around a value across files: each file is checked on its own when parsed, and
  // a chain of included files may not nest deeper together.
  const expand = (
    value: unknown,
    file: string,
    fileLocations: Map<string, JsonLocation>,
    inFile: string,
    outPointer: string,
    stack: string[],
    depth: number,
  ): unknown => {
    const location = fileLocations.get(inFile);
    if (location) locations.set(outPointer, location);
    if (!value || typeof value !== 'object') return value;
    if (depth === MAX_NESTING_DEPTH) {
      diagnostics.push({
        ...nestingTooDeep(file, { line: location?.line ?? 0, column: location?.column ?? 0 }, 'error'),
        pointer: outPointer,
      });
      return undefined;
    }
    if (Array.isArray(value))
      return value.map((item, index) =>
        expand(item, file, fileLocations, `${inFile}/${index}`, `${outPointer}/${index}`, stack, depth + 1),
      );
    const record = value as Record<string, unknown>;
    const expandMembers = (keys: string[]): Record<string, unknown> =>
      Object.fromEntries(
        keys.map((key) => [
          key,
          expand(
            record[key],
            file,
            fileLocations,
            `${inFile}/${escapePointer(key)}`,
            `${outPointer}/${escapePointer(key)}`,
            stack,
            depth + 1,
          ),
        ]),
      );
    const reference = record.$ref;
    if (typeof reference !== 'string') return expandMembers(Object.keys(record));

    const at = fileLocations.get(`${inFile}/$ref`) ?? location;
    const report = (ruleId: RuleId, message: string, hint?: string): void => {
      diagnostics.push({
        file,
        line: at?.line ?? 0,
        column: at?.column ?? 0,
        pointer: `${outPointer}/$ref`,
        severity: 'error',
        ruleId,
        message,
        ...(hint ? { hint } : {}),
      });
    };
    // A Windows separator is a folder separator, as the platform's `normalizePath` reads it.
    const written = reference.replaceAll('\\', '/');
    const target = path.normalize(written.startsWith('/') ? written.slice(1) : path.join(path.dirname(file), written));
    const siblingKeys = Object.keys(record).filter((key) => key !== '$ref');
    if (target.startsWith('../') || target === '..' || path.isAbsolute(target)) {
      report('ref-outside-site', `Unexpected \`$ref\` to \`${reference}\`, expected a file inside the site folder`);
      return expandMembers(siblingKeys);
    }
    if (stack.includes(target)) {
      report(
        'ref-cycle',
        `Unexpected \`$ref\` cycle: ${[...stack, target].join(' → ')}`,
        'A file cannot include itself, directly or through other files.',
      );
      return expandMembers(siblingKeys);
    }
    const text = source.files.get(target);
    if (text === undefined) {
      report('ref-missing', `Cannot find \`${reference}\` (resolved to \`${target}\`) named by \`$ref\``);
      return expandMembers(siblingKeys);
    }
    const included = parseJsonSource(target, text);
    diagnostics.push(...included.diagnostics);
    if (included.value === undefined) return expandMembers(siblingKeys);
    const expanded = expand(included.value, target, included.locations, '', outPointer, [...stack, target], depth);
    if (expanded && typeof expanded === 'object' && !Array.isArray(expanded))
      return { ...(expanded as Record<string, unknown>), ...expandMembers(siblingKeys) };
    // The platform ignores the sibling keys of a `$ref` to a list, a string or a number ("Merge sibling keys").
    return expanded;
  };

  const value = expand(root.value, configFile, root.locations, '', '', [configFile], 0);
  return { value, locations, diagnostics };
}

/** Whether any object in a JSON value has a `$ref` member. */
function containsRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsRef);
  if (!value || typeof value !== 'object') return false;
  return '$ref' in value || Object.values(value).some(containsRef);
}

import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import { mintJsonKeyHint } from './mint-json-key-hint.ts';
import { escapePointer } from '../site-model/json-pointer.ts';
import type { JsonLocation } from './parse-json-source.ts';
import { suggestName } from './suggest-name.ts';

type SchemaNode = Record<string, unknown>;

const HEX_PATTERN = '^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$';
const SPEC_SOURCE_PATTERN = '^(?:https?://|(?![A-Za-z][A-Za-z0-9+.-]*:))';
const ASSET_PATH_PATTERN = '^[^?#]*\\.[A-Za-z0-9]+(?:[?#].*)?$';
const PATTERN_NAMES: Record<string, string> = {
  '^G': 'an id starting with G',
  '^phc_': 'a key starting with phc_',
  '^[^/]': 'a path without a leading /',
  '^[a-zA-Z][a-zA-Z0-9+.-]*:': 'an external URL (https://…)',
};
const FORMAT_NAMES: Record<string, string> = { uri: 'an absolute URL (https://…)', 'uri-reference': 'a URL or a path' };

/**
 * Turns AJV errors of docs.schema.json into plain diagnostics: unknown keys become warnings with a
 * did-you-mean hint, the noise of anyOf/if branches collapses to one message per value, and every
 * message says what was found and what was expected, at the value's (or key's) line:col.
 */
export function schemaErrorsToDiagnostics(
  errors: ErrorObject[],
  options: {
    rootSchema: SchemaNode;
    value: unknown;
    locate: (pointer: string) => JsonLocation | undefined;
    configFile: string;
  },
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();
  const add = (
    pointer: string,
    severity: Diagnostic['severity'],
    ruleId: RuleId,
    message: string,
    hint?: string,
    atKey = false,
    parent?: string,
  ): void => {
    const key = `${pointer}\0${ruleId}`;
    if (reported.has(key)) return;
    reported.add(key);
    const location = options.locate(pointer) ?? (parent === undefined ? undefined : options.locate(parent));
    const line = atKey ? (location?.keyLine ?? location?.line) : location?.line;
    const column = atKey ? (location?.keyColumn ?? location?.column) : location?.column;
    diagnostics.push({
      file: location?.file ?? options.configFile,
      line: line ?? 0,
      column: column ?? 0,
      pointer,
      severity,
      ruleId,
      message,
      ...(hint ? { hint } : {}),
    });
  };

  for (const error of withoutMismatchedBranches(errors)) {
    const pointer = error.instancePath;
    const field = fieldName(pointer);
    const actual = valueAt(options.value, pointer);
    switch (error.keyword) {
      case 'additionalProperties':
      case 'unevaluatedProperties': {
        const name = String(error.params.additionalProperty ?? error.params.unevaluatedProperty);
        const allowed = allowedKeys(error.parentSchema as SchemaNode | undefined, options.rootSchema);
        if (allowed.has(name)) break;
        const suggestion = suggestName(name, allowed);
        add(
          `${pointer}/${escapePointer(name)}`,
          'warning',
          'unknown-key',
          `Unexpected key \`${name}\`${where(pointer)}, expected one of the documented keys`,
          mintJsonKeyHint(pointer, name) ??
            (suggestion ? `Did you mean \`${suggestion}\`?` : `Known keys here: ${[...allowed].sort().join(', ')}.`),
          true,
        );
        break;
      }
      case 'propertyNames': {
        const name = String(error.params.propertyName);
        const allowed = ((error.schema as SchemaNode | undefined)?.enum as string[] | undefined) ?? [];
        const suggestion = suggestName(name, allowed);
        add(
          `${pointer}/${escapePointer(name)}`,
          'error',
          'invalid-key',
          `Unexpected key \`${name}\`${where(pointer)}, expected one of: ${allowed.join(', ')}`,
          suggestion ? `Did you mean \`${suggestion}\`?` : undefined,
          true,
        );
        break;
      }
      case 'required': {
        const missing = String(error.params.missingProperty);
        const legacyName =
          (missing === 'anchor' || missing === 'tab') &&
          typeof (actual as { name?: unknown } | undefined)?.name === 'string';
        const hint = legacyName
          ? `It has \`name\`, the mint.json spelling: rename it to \`${missing}\`.`
          : hintForMissing(missing);
        add(
          `${pointer}/${escapePointer(missing)}`,
          'error',
          'missing-field',
          `Missing required field \`${missing}\`${where(pointer)}`,
          hint,
          false,
          pointer,
        );
        break;
      }
      case 'enum': {
        if (error.schemaPath.includes('/propertyNames/')) break;
        const allowed = (error.params.allowedValues as unknown[]).map(String);
        const suggestion = typeof actual === 'string' ? suggestName(actual, allowed) : undefined;
        add(
          pointer,
          'error',
          'invalid-value',
          `Unexpected ${field} ${show(actual)}, expected one of: ${allowed.join(', ')}`,
          suggestion ? `Did you mean \`${suggestion}\`?` : undefined,
        );
        break;
      }
      case 'pattern': {
        const pattern = String(error.params.pattern);
        if (pattern === HEX_PATTERN)
          add(
            pointer,
            'error',
            'invalid-color',
            `Unexpected color ${show(actual)}, expected a hex color like #16A34A`,
            'Use # followed by 3 or 6 hex digits.',
          );
        else if (pattern === SPEC_SOURCE_PATTERN) {
          add(
            pointer,
            'error',
            'invalid-spec-source',
            `Unexpected ${specField(pointer)} source ${show(actual)}, expected a path relative to the site root or an http(s) URL`,
            'Write e.g. "openapi.json", "/specs/api.yaml" or "https://example.com/openapi.json".',
          );
        } else if (pattern === ASSET_PATH_PATTERN) {
          add(
            pointer,
            'warning',
            'invalid-asset-path',
            `Unexpected ${field} ${show(actual)}, expected the path of a file with its extension`,
            'Write e.g. "/logo/light.svg" or "/favicon.png".',
          );
        } else
          add(
            pointer,
            'error',
            'invalid-value',
            `Unexpected ${field} ${show(actual)}, expected ${PATTERN_NAMES[pattern] ?? `a value matching \`${pattern}\``}`,
            patternHint(pattern),
          );
        break;
      }
      case 'type':
        add(
          pointer,
          'error',
          'invalid-type',
          `Unexpected ${typeName(actual)} for ${field}, expected ${isPageEntry(pointer) ? 'a page path or a group object' : expectedTypes(errors, pointer)}`,
        );
        break;
      case 'minLength':
        add(
          pointer,
          'error',
          'empty-value',
          `Unexpected empty ${field}, expected at least ${String(error.params.limit)} character(s)`,
        );
        break;
      case 'minItems':
        add(
          pointer,
          'error',
          'empty-list',
          `Unexpected empty list \`${field}\`, expected at least ${String(error.params.limit)} entry`,
          'Remove the key or add entries to it.',
        );
        break;
      case 'format':
        add(
          pointer,
          'error',
          'invalid-format',
          `Unexpected ${field} ${show(actual)}, expected ${FORMAT_NAMES[String(error.params.format)] ?? String(error.params.format)}`,
        );
        break;
      case 'const':
        add(
          pointer,
          'error',
          'invalid-value',
          `Unexpected ${field} ${show(actual)}, expected ${show(error.params.allowedValue)}`,
        );
        break;
      default:
        if (!isStructural(error) || !hasDeeperError(errors, pointer, error)) {
          add(
            pointer,
            'error',
            'invalid-value',
            `Unexpected ${field} ${show(actual)}: ${error.message ?? 'invalid value'}`,
          );
        }
    }
  }
  return diagnostics;
}

/**
 * Drops the `type` errors of union branches (anyOf/oneOf) the value does not even have the type of, when another
 * branch of the same value has the right type and failed for a better reason (an unknown key, a pattern): that
 * reason is the one to report, at its own pointer, not "wrong type" on the parent.
 */
function withoutMismatchedBranches(errors: ErrorObject[]): ErrorObject[] {
  const unions = new Set(
    errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf').map((error) => error.instancePath),
  );
  const betterReason = new Set(
    [...unions].filter((pointer) =>
      errors.some(
        (error) =>
          !isStructural(error) &&
          error.keyword !== 'type' &&
          (error.instancePath === pointer || error.instancePath.startsWith(`${pointer}/`)),
      ),
    ),
  );
  return errors.filter((error) => !(error.keyword === 'type' && betterReason.has(error.instancePath)));
}

/** `openapi` or `asyncapi`: the key a spec source was written under. */
function specField(pointer: string): string {
  return pointer.split('/').findLast((segment) => segment === 'openapi' || segment === 'asyncapi') ?? 'spec';
}

function isStructural(error: ErrorObject): boolean {
  return error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if' || error.keyword === 'allOf';
}

function hasDeeperError(errors: ErrorObject[], pointer: string, except: ErrorObject): boolean {
  return errors.some(
    (error) =>
      error !== except &&
      !isStructural(error) &&
      (error.instancePath === pointer || error.instancePath.startsWith(`${pointer}/`)),
  );
}

function isPageEntry(pointer: string): boolean {
  return /\/pages\/\d+$/.test(pointer);
}

function expectedTypes(errors: ErrorObject[], pointer: string): string {
  const types = new Set(
    errors
      .filter((error) => error.keyword === 'type' && error.instancePath === pointer)
      .map((error) => String(error.params.type)),
  );
  return [...types].map(articled).join(' or ');
}

/** Every key the schema object (and the definitions it pulls in through allOf/$ref) declares. */
function allowedKeys(schema: SchemaNode | undefined, root: SchemaNode, seen = new Set<SchemaNode>()): Set<string> {
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

function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const segment of pointer.split('/').slice(1)) {
    node = (node as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** How a message names the value at `pointer`: its key (`theme`), or `` `pages` entry `` for a list item. */
function fieldName(pointer: string): string {
  const segments = pointer.split('/').slice(1);
  const last = segments.at(-1);
  if (last === undefined) return 'value';
  if (/^\d+$/.test(last)) return `\`${segments.findLast((segment) => !/^\d+$/.test(segment)) ?? 'list'}\` entry`;
  return last.replace(/~1/g, '/').replace(/~0/g, '~');
}

function where(pointer: string): string {
  return pointer === '' ? ' at the top level' : ` in \`${pointer}\``;
}

function show(value: unknown): string {
  return typeof value === 'string' ? `\`${value}\`` : `\`${JSON.stringify(value)}\``;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function articled(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function hintForMissing(field: string): string | undefined {
  const hints: Record<string, string> = {
    theme: 'Add "theme": "mint" (or maple, palm, willow, linden, almond, aspen, luma, sequoia).',
    name: 'Add "name": "Your product".',
    colors: 'Add "colors": { "primary": "#16A34A" }.',
    primary: 'Add a primary color such as "#16A34A".',
    navigation: 'Add "navigation": { "pages": ["index"] }.',
  };
  return hints[field];
}

function patternHint(pattern: string): string | undefined {
  if (pattern === '^G') return 'Measurement and tag ids start with G, e.g. G-ABC123.';
  if (pattern === '^phc_') return 'PostHog project keys start with phc_.';
  if (pattern === '^[^/]') return 'Write the folder relative to the site root, without a leading /.';
  return undefined;
}

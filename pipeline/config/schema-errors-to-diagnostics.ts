import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import { allowedKeys, type SchemaNode } from './allowed-keys.ts';
import { mintJsonKeyHint } from './mint-json-key-hint.ts';
import { escapePointer, valueAt } from '../site-model/json-pointer.ts';
import type { JsonLocation } from './parse-json-source.ts';
import {
  ASSET_PATH_PATTERN,
  FORMAT_NAMES,
  HEX_PATTERN,
  hintForMissing,
  PATTERN_NAMES,
  patternHint,
  SPEC_SOURCE_PATTERN,
} from './schema-error-hints.ts';
import { expectedTypes, fieldName, isPageEntry, show, specField, typeName, where } from './schema-error-wording.ts';
import { suggestName } from './suggest-name.ts';
import { hasDeeperError, isStructural, withoutMismatchedBranches } from './without-mismatched-branches.ts';

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

import docsSchema from '../../schemas/docs.schema.json' with { type: 'json' };
import type { DocsConfig } from '../../schemas/docs-config.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { sortDiagnostics } from '../diagnostics/sort-diagnostics.ts';
import type { SiteSource } from '../site/site-source.ts';
import { checkFonts } from './check-fonts.ts';
import { checkFooterLinks } from './check-footer-links.ts';
import { checkNavbarLinks } from './check-navbar-links.ts';
import { checkNavigationConfig } from './check-navigation-config.ts';
import { checkRedirectSources } from './check-redirect-sources.ts';
import { validateDocsSchema } from './docs-schema-validator.ts';
import { findSourceReferences } from '../site-model/source-references.ts';
import { expandConfigRefs } from './expand-config-refs.ts';
import { expandLegacyConfig, LEGACY_CONFIG_FILE } from './expand-legacy-config.ts';
import { normalizeConfig } from './normalize-config.ts';
import { readNavigationLists } from './read-navigation-lists.ts';
import type { JsonLocation } from './parse-json-source.ts';
import { schemaErrorsToDiagnostics } from './schema-errors-to-diagnostics.ts';
import type { SiteConfig } from '../site-model/site-config.ts';
import { isWithinPointer } from './is-within-pointer.ts';
import type { ConfigPosition } from './config-position.ts';

/** The outcome of validating docs.json. */
export interface ConfigValidation {
  /** The `$ref`-expanded configuration, normalised and frozen; undefined only when docs.json could not be read or parsed. */
  config: SiteConfig | undefined;
  diagnostics: Diagnostic[];
  /** True when there is no error (warnings allowed). */
  valid: boolean;
  /** Maps a JSON pointer of the expanded configuration to where its value was written. */
  locate(pointer: string): ConfigPosition;
}

/** Options of `validateConfig`. */
export interface ValidateConfigOptions {
  /** Path of the configuration inside the site (default `docs.json`, or the legacy `mint.json` when only that exists). */
  configFile?: string;
}

/**
 * Validates a site's docs.json (or legacy mint.json, read as docs.json): JSON syntax with positions, `$ref` inclusion, the JSON Schema
 * (schemas/docs.schema.json, unknown keys as warnings) and the rules beyond it (blank name, a navigation
 * without pages, mixed child kinds, duplicate redirect sources).
 */
export function validateConfig(source: SiteSource, options: ValidateConfigOptions = {}): ConfigValidation {
  const legacy =
    options.configFile === undefined && !source.files.has('docs.json') && source.files.has(LEGACY_CONFIG_FILE);
  const configFile = legacy ? LEGACY_CONFIG_FILE : (options.configFile ?? 'docs.json');
  const expanded = legacy
    ? expandLegacyConfig(source)
    : source.files.has(configFile)
      ? expandConfigRefs(source, configFile)
      : undefined;
  const locations = expanded?.locations ?? new Map<string, JsonLocation>();
  const findLocation = (pointer: string): JsonLocation | undefined => {
    for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
      const location = locations.get(current);
      if (location) return location;
      if (current === '') return undefined;
    }
  };
  const locate = (pointer: string): ConfigPosition => {
    const location = findLocation(pointer);
    return { file: location?.file ?? configFile, line: location?.line ?? 0, column: location?.column ?? 0 };
  };
  const finish = (config: SiteConfig | undefined, diagnostics: Diagnostic[]): ConfigValidation => ({
    config,
    diagnostics: sortDiagnostics(diagnostics),
    valid: config !== undefined && !diagnostics.some((diagnostic) => diagnostic.severity === 'error'),
    locate,
  });

  if (!expanded) {
    if (source.skippedFiles?.get(configFile)?.reason === 'outside-site')
      return finish(undefined, [
        {
          file: configFile,
          line: 0,
          column: 0,
          severity: 'error',
          ruleId: 'symlink-outside-site',
          message: `Unexpected symbolic link \`${configFile}\` to a file outside the site folder, expected the file inside it; it is not read`,
          hint: 'docsmith never reads outside the site folder: move or copy the file into it.',
        },
      ]);
    return finish(undefined, [
      {
        file: configFile,
        line: 0,
        column: 0,
        severity: 'error',
        ruleId: 'missing-config',
        message: `Cannot find \`${configFile}\` in the site folder`,
        hint: 'A site needs a docs.json (or a legacy mint.json) at its root.',
      },
    ]);
  }
  const diagnostics = [...expanded.diagnostics];
  const value = expanded.value;
  if (value === undefined) return finish(undefined, diagnostics);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    diagnostics.push({
      file: configFile,
      line: 1,
      column: 1,
      pointer: '',
      severity: 'error',
      ruleId: 'invalid-type',
      message: 'Unexpected JSON value, expected an object with theme, name, colors and navigation',
    });
    return finish(undefined, diagnostics);
  }
  const config = value as Record<string, unknown>;
  // `{"sourceRef": "owner/repo"}` stands for another repository's navigation: one warning each, no schema errors for them.
  const sourceReferences = findSourceReferences(config.navigation);
  const inSourceReference = (pointer: string): boolean =>
    sourceReferences.some((reference) => isWithinPointer(pointer, reference.pointer));
  const schemaDiagnostics = validateDocsSchema(config)
    ? []
    : schemaErrorsToDiagnostics(
        (validateDocsSchema.errors ?? []).filter((error) => !inSourceReference(error.instancePath)),
        { rootSchema: docsSchema as Record<string, unknown>, value: config, locate: findLocation, configFile },
      );
  // The navigation as the platform's schema reads it: an invalid list passed over for a valid one, lists it never reads.
  const { navigation, diagnostics: navigationDiagnostics } = readNavigationLists(
    config.navigation,
    schemaDiagnostics,
    locate,
  );
  diagnostics.push(...navigationDiagnostics);
  for (const { pointer, repository } of sourceReferences) {
    diagnostics.push({
      ...locate(pointer),
      pointer,
      severity: 'warning',
      ruleId: 'source-ref-not-built',
      message: `Unexpected \`sourceRef\` to \`${repository}\`, expected pages of this site: docsmith builds one repository, so this entry is left out`,
      hint: 'Build the referenced repository as a site of its own, or copy its pages into this one.',
    });
  }
  if (typeof config.name === 'string' && config.name.length > 0 && config.name.trim() === '') {
    const location = locate('/name');
    diagnostics.push({
      ...location,
      pointer: '/name',
      severity: 'error',
      ruleId: 'empty-value',
      message: 'Unexpected blank name, expected the name of the project or product',
      hint: 'Add "name": "Your product".',
    });
  }
  const effective = navigation === config.navigation ? config : { ...config, navigation };
  diagnostics.push(...checkNavigationConfig(effective.navigation, locate));
  diagnostics.push(...checkNavbarLinks(config.navbar, locate));
  diagnostics.push(...checkFooterLinks(config.footer, locate));
  diagnostics.push(...checkFonts(config.fonts, locate));
  diagnostics.push(...checkRedirectSources(config.redirects, locate));
  return finish(normalizeConfig(effective as unknown as DocsConfig), diagnostics);
}

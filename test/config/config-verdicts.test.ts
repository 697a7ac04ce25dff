import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

/** Project cases in the format of ../shared/conformance/docs-json: spec sources, `$schema`, asset paths, unknown keys in union branches. */
const casesDir = path.resolve(import.meta.dirname, '../fixtures/config/verdicts');
const expectations = JSON.parse(readFileSync(path.join(casesDir, 'expected.json'), 'utf8')) as Record<
  string,
  { valid: boolean; errorAt?: string; warningAt?: string }
>;
const cases = readdirSync(casesDir).filter((file) => file.endsWith('.json') && file !== 'expected.json');

describe('configuration verdicts', () => {
  it('has an expectation for every case', () => {
    expect(cases.map((file) => file.replace(/\.json$/, '')).sort()).toEqual(Object.keys(expectations).sort());
  });

  it.each(cases)('%s', (file) => {
    const expected = expectations[file.replace(/\.json$/, '')];
    const result = validateConfig(
      siteSourceFromObject({ 'docs.json': readFileSync(path.join(casesDir, file), 'utf8') }),
    );
    const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    const warnings = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
    expect(result.valid, JSON.stringify(errors, null, 1)).toBe(expected?.valid);
    if (expected?.errorAt !== undefined) expect(errors.map((error) => error.pointer)).toEqual([expected.errorAt]);
    if (expected?.warningAt !== undefined)
      expect(warnings.map((warning) => warning.pointer)).toEqual([expected.warningAt]);
    for (const diagnostic of result.diagnostics) expect(diagnostic.line, diagnostic.message).toBeGreaterThan(0);
  });

  it("knows the search settings of navigation elements: a group's `boost`, `searchable` on a hidden tab or group", () => {
    const result = validateConfig(
      siteSourceFromObject({
        'docs.json': readFileSync(path.join(casesDir, '40-search-boost-and-searchable.json'), 'utf8'),
      }),
    );
    expect(result.diagnostics).toEqual([]);
  });

  it.each(['28-documented-settings-reference', '46-platform-validator-keys'])(
    "accepts every setting of the platform's settings reference and validator without a warning (%s)",
    (name) => {
      const text = readFileSync(path.join(casesDir, `${name}.json`), 'utf8');
      expect(validateConfig(siteSourceFromObject({ 'docs.json': text })).diagnostics).toEqual([]);
    },
  );

  it('says what a spec source, a $schema and an asset path must look like, and suggests the key an object branch knows', () => {
    const messages = [
      '12-openapi-ftp-object-source',
      '16-schema-not-a-uri',
      '17-logo-without-extension',
      '15-openapi-object-typo-on-tab',
    ].flatMap((name) =>
      validateConfig(
        siteSourceFromObject({ 'docs.json': readFileSync(path.join(casesDir, `${name}.json`), 'utf8') }),
      ).diagnostics.map(
        (diagnostic) =>
          `${diagnostic.line}:${diagnostic.column} ${diagnostic.ruleId} ${diagnostic.message}${diagnostic.hint ? ` | ${diagnostic.hint}` : ''}`,
      ),
    );
    expect(messages).toMatchInlineSnapshot(`
      [
        "10:17 invalid-spec-source Unexpected openapi source \`ftp://example.com/openapi.json\`, expected a path relative to the site root or an http(s) URL | Write e.g. "openapi.json", "/specs/api.yaml" or "https://example.com/openapi.json".",
        "2:14 invalid-format Unexpected $schema \`docs schema\`, expected an absolute URL (https://…)",
        "13:11 invalid-asset-path Unexpected logo \`/logo/light\`, expected the path of a file with its extension | Write e.g. "/logo/light.svg" or "/favicon.png".",
        "14:11 unknown-key Unexpected key \`directoy\` in \`/navigation/tabs/0/openapi\`, expected one of the documented keys | Did you mean \`directory\`?",
      ]
    `);
  });
});

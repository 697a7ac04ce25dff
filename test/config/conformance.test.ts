import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { hasSharedData, sharedDir } from '../helpers/test-prerequisites.ts';

const conformanceDir = path.join(sharedDir, 'conformance/docs-json');
const available = hasSharedData('conformance/docs-json', 'docs.json conformance cases');
const expectations = available
  ? (JSON.parse(readFileSync(path.join(conformanceDir, 'expected.json'), 'utf8')) as Record<
      string,
      { valid: boolean; errorAt?: string; warningAt?: string }
    >)
  : {};
const cases = available
  ? readdirSync(conformanceDir).filter((file) => file.endsWith('.json') && file !== 'expected.json')
  : [];

describe.skipIf(!available)('docs.json conformance cases', () => {
  it('has an expectation for every case', () => {
    expect(cases.map((file) => file.replace(/\.json$/, '')).sort()).toEqual(Object.keys(expectations).sort());
  });

  it.each(cases)('%s', async (file) => {
    const expected = expectations[file.replace(/\.json$/, '')];
    const diagnostics = await validateSite(
      siteSourceFromObject({ 'docs.json': readFileSync(path.join(conformanceDir, file), 'utf8') }),
    );
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
    expect(errors.length === 0, JSON.stringify(errors, null, 1)).toBe(expected?.valid);
    if (expected?.errorAt !== undefined) expect(errors.map((error) => error.pointer)).toContain(expected.errorAt);
    if (expected?.warningAt !== undefined)
      expect(warnings.map((warning) => warning.pointer)).toContain(expected.warningAt);
    for (const diagnostic of diagnostics) {
      expect(diagnostic.line, diagnostic.message).toBeGreaterThan(0);
      expect(diagnostic.ruleId).toMatch(/^[a-z0-9-]+$/);
    }
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { RULE_CATALOG } from '../../pipeline/diagnostics/rule-catalog.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/validate/agree');
const cli = path.resolve(import.meta.dirname, '../../bin/docsmith.js');

describe('validate and build', () => {
  it('report the same diagnostics with the same severities; validate assembles nothing', async () => {
    const source = await readSiteSource(fixture);
    const built = await buildSite(source, { domain: 'agree' });
    const validated = await validateSite(source);
    expect(built.manifest).toBeDefined();
    expect(validated).toEqual(built.diagnostics);
    const checkOnly = await buildSite(source, { domain: 'agree', checkOnly: true });
    expect(checkOnly.manifest).toBeUndefined();
    expect(checkOnly.files.size).toBe(0);
    for (const diagnostic of validated)
      expect(diagnostic.severity, diagnostic.ruleId).toBe(RULE_CATALOG[diagnostic.ruleId].severity);
  });

  it('warns about page-path typos with a did-you-mean, duplicate pages, missing anchors and images, and dangling redirects', async () => {
    const diagnostics = await validateSite(await readSiteSource(fixture));
    expect(
      diagnostics.map(
        (diagnostic) =>
          `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.severity} ${diagnostic.ruleId}${diagnostic.hint ? ` | ${diagnostic.hint}` : ''}`,
      ),
    ).toMatchInlineSnapshot(`
      [
        "docs.json:8:67 warning missing-page | Did you mean \`guides/quickstart\`?",
        "docs.json:9:37 warning duplicate-page | Readers see the page twice in one sidebar, and the first reference of the site sets its groups; remove this one or link to the page instead.",
        "docs.json:12:52 warning redirect-dangling",
        "index.mdx:7:58 warning broken-anchor | Did you mean \`#first-steps\`?",
        "index.mdx:8:24 warning broken-anchor | Did you mean \`#install\`?",
        "index.mdx:8:49 warning broken-link | Did you mean \`/guides/quickstart\`?",
        "index.mdx:11:1 warning missing-image | Did you mean \`/images/logo.png\`?",
        "index.mdx:12:1 warning missing-image | Add the image or fix its path.",
      ]
    `);
  });

  it('docsmith validate --format json prints what the build reports', { timeout: 60_000 }, async () => {
    const built = await buildSite(await readSiteSource(fixture), { domain: 'agree' });
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'validate', fixture, '--format', 'json']);
    const report = JSON.parse(stdout) as { valid: boolean; errors: unknown[]; warnings: unknown[] };
    expect(report.valid).toBe(true);
    expect([...report.errors, ...report.warnings]).toEqual(built.diagnostics);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import { diagnosticsToJson } from '../../pipeline/diagnostics/diagnostics-to-json.ts';
import { formatDiagnostics } from '../../pipeline/diagnostics/format-diagnostics.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const brokenDir = path.resolve(import.meta.dirname, '../fixtures/config/broken');
const broken = validateConfig(
  siteSourceFromObject({
    'docs.json': readFileSync(path.join(brokenDir, 'docs.json'), 'utf8'),
    'index.mdx': readFileSync(path.join(brokenDir, 'index.mdx'), 'utf8'),
  }),
);

describe('diagnostic reporters', () => {
  it('prints diagnostics like vfile-reporter: file header, line:col severity message rule, hints, summary', () => {
    expect(formatDiagnostics(broken.diagnostics)).toMatchInlineSnapshot(`
      "docs.json
        3:12   error    Unexpected theme \`mintt\`, expected one of: mint, maple, palm, willow, linden, almond, aspen, luma, sequoia  invalid-value
                        hint: Did you mean \`mint\`?
        4:11   error    Unexpected blank name, expected the name of the project or product  empty-value
                        hint: Add "name": "Your product".
        5:26   error    Unexpected color \`red\`, expected a hex color like #16A34A  invalid-color
                        hint: Use # followed by 3 or 6 hex digits.
        6:3    warning  Unexpected key \`navigaton\` at the top level, expected one of the documented keys  unknown-key
                        hint: Did you mean \`navigation\`?
        7:17   warning  Unexpected mix of \`tabs\` and \`groups\` on one element, expected one kind of children  mixed-navigation-children
                        hint: The platform keeps only \`tabs\` of this element and drops the rest; so does docsmith. Nest the others inside it to keep them.
        13:55  error    Unexpected key \`myspace\` in \`/footer/socials\`, expected one of: x, website, facebook, youtube, discord, slack, github, linkedin, instagram, hacker-news, medium, telegram, twitter, x-twitter, earth-americas, bluesky, threads, reddit, podcast  invalid-key
        14:47  error    Unexpected measurementId \`UA-1234\`, expected an id starting with G  invalid-value
                        hint: Measurement and tag ids start with G, e.g. G-ABC123.
        17:17  error    Unexpected duplicate redirect source \`/old\`, expected each source once (first at /redirects/0)  duplicate-redirect
                        hint: Remove one of the two redirects.

      ✖ 6 errors, 2 warnings"
    `);
  });

  it('groups diagnostics by file and leaves the place empty when there is no position', () => {
    const text = formatDiagnostics([
      {
        file: 'docs.json',
        line: 0,
        column: 0,
        severity: 'error',
        ruleId: 'missing-config',
        message: 'Cannot find `docs.json` in the site folder',
      },
      {
        file: 'nav/group.json',
        line: 2,
        column: 5,
        pointer: '/navigation/groups/0/pages',
        severity: 'warning',
        ruleId: 'missing-page',
        message: 'Cannot find a page file for `a`',
      },
    ]);
    expect(text).toMatchInlineSnapshot(`
      "docs.json
          error  Cannot find \`docs.json\` in the site folder  missing-config

      nav/group.json
        2:5  warning  Cannot find a page file for \`a\`  missing-page

      ✖ 1 error, 1 warning"
    `);
    expect(formatDiagnostics([])).toBe('✔ 0 errors, 0 warnings');
  });

  it('colours severities only when asked', () => {
    expect(formatDiagnostics(broken.diagnostics, { color: true })).toContain('\u001b[31merror');
    expect(formatDiagnostics(broken.diagnostics)).not.toContain('\u001b[');
  });

  it('splits the JSON report into errors and warnings, with --strict failing on warnings', () => {
    const report = diagnosticsToJson(broken.diagnostics);
    expect(report.valid).toBe(false);
    expect(report.errors.map((error) => error.pointer)).toEqual([
      '/theme',
      '/name',
      '/colors/primary',
      '/footer/socials/myspace',
      '/integrations/ga4/measurementId',
      '/redirects/1/source',
    ]);
    expect(report.warnings[0]).toEqual({
      file: 'docs.json',
      line: 6,
      column: 3,
      pointer: '/navigaton',
      severity: 'warning',
      ruleId: 'unknown-key',
      message: 'Unexpected key `navigaton` at the top level, expected one of the documented keys',
      hint: 'Did you mean `navigation`?',
    });
    const warningsOnly = report.warnings;
    expect(diagnosticsToJson(warningsOnly).valid).toBe(true);
    expect(diagnosticsToJson(warningsOnly, { strict: true }).valid).toBe(false);
  });
});

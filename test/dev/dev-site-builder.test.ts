import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCurrentBuildId } from '../../contract/artifact-layout.ts';
import { createDevSiteBuilder } from '../../cli/dev/dev-site-builder.ts';
import { devBuildReport } from '../../cli/dev/dev-build-report.ts';
import { openPageCache } from '../../pipeline/assemble/page-cache.ts';
import { diagnosticsChange } from '../../pipeline/diagnostics/diagnostics-change.ts';
import type { Diagnostic } from '../../pipeline/diagnostics/diagnostic.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';

/** A site whose quickstart imports a snippet, so that a snippet edit must re-parse the page that inlines it. */
function siteFiles(): Map<string, string> {
  const files = new Map(Object.entries(testSiteFiles()));
  files.set('snippets/login.mdx', 'Run example login to connect your account.\n');
  files.set(
    'quickstart.mdx',
    `${files.get('quickstart.mdx') as string}\nimport Login from '/snippets/login.mdx';\n\n<Login />\n`,
  );
  return files;
}

const missingTitle = (file: string, line: number): Diagnostic => ({
  file,
  line,
  column: 1,
  severity: 'warning',
  ruleId: 'missing-title',
  message: `Missing frontmatter \`title\` in ${file}`,
});

describe('diagnosticsChange', () => {
  it('reports what a build added and what it cleared, whatever line a problem moved to', () => {
    const before = [missingTitle('a.mdx', 1), missingTitle('b.mdx', 1)];
    const after = [missingTitle('b.mdx', 7), missingTitle('c.mdx', 1)];
    expect(diagnosticsChange(before, after)).toEqual({
      added: [missingTitle('c.mdx', 1)],
      cleared: [missingTitle('a.mdx', 1)],
      standing: [],
    });
  });

  it('clears nothing in a file the next build did not re-check: its problems still stand', () => {
    const before = [missingTitle('a.mdx', 1), missingTitle('docs.json', 1)];
    expect(diagnosticsChange(before, [], { rechecked: (file) => file === 'docs.json' })).toEqual({
      added: [],
      cleared: [missingTitle('docs.json', 1)],
      standing: [missingTitle('a.mdx', 1)],
    });
  });

  it('counts repeats: a second identical problem is new', () => {
    expect(
      diagnosticsChange([missingTitle('a.mdx', 1)], [missingTitle('a.mdx', 1), missingTitle('a.mdx', 9)]).added,
    ).toEqual([missingTitle('a.mdx', 9)]);
  });
});

describe('the build loop of docsmith dev', () => {
  let artifactsDir: string;
  beforeEach(async () => {
    artifactsDir = await mkdtemp(path.join(tmpdir(), 'docsmith-dev-builder-'));
  });
  afterEach(async () => {
    await rm(artifactsDir, { recursive: true, force: true });
  });

  async function devBuilder(files: Map<string, string>) {
    let stored: string | undefined;
    const cache = await openPageCache(
      { read: async () => stored, write: async (text) => void (stored = text) },
      'test',
    );
    const warmed: string[] = [];
    const builder = createDevSiteBuilder({
      source: { files },
      domain: 'example',
      artifactsDir,
      cache,
      warm: async (domain) => void warmed.push(domain),
    });
    return { builder, warmed };
  }

  it('publishes each build without errors, re-parsing only the pages whose text or snippet changed', async () => {
    const files = siteFiles();
    const { builder, warmed } = await devBuilder(files);
    const first = await builder.build();
    expect(first).toMatchObject({ status: 'published', parsedPages: 3, stats: { pages: 3, errors: 0 } });
    expect(await readCurrentBuildId(path.join(artifactsDir, 'example'))).toBe(first.servedBuildId);

    files.set('billing.mdx', `${files.get('billing.mdx') as string}\nInvoices can be paid by bank transfer.\n`);
    const edited = await builder.build();
    expect(edited).toMatchObject({ status: 'published', parsedPages: 1 });
    expect(edited.servedBuildId).not.toBe(first.servedBuildId);

    files.set('snippets/login.mdx', 'Run example login --sso to connect through your identity provider.\n');
    expect(await builder.build()).toMatchObject({ status: 'published', parsedPages: 1 });
    expect(await builder.build()).toMatchObject({ status: 'unchanged', parsedPages: 0 });
    expect(warmed).toEqual(['example', 'example', 'example', 'example']);
  });

  it('keeps serving the last good build when a save breaks a page, and says what the fix cleared', async () => {
    const files = siteFiles();
    const { builder } = await devBuilder(files);
    const good = await builder.build();
    const original = files.get('billing.mdx') as string;
    files.set('billing.mdx', `${original}\n<Note>unclosed\n`);
    const broken = await builder.build();
    expect(broken).toMatchObject({ status: 'failed', servedBuildId: good.servedBuildId, stats: { errors: 1 } });
    expect(broken.change.added).toMatchObject([{ file: 'billing.mdx', ruleId: 'mdx-parse', severity: 'error' }]);
    expect(await readCurrentBuildId(path.join(artifactsDir, 'example'))).toBe(good.servedBuildId);

    const report = devBuildReport(broken, { changed: ['billing.mdx'], at: new Date(2026, 10, 26, 14, 2, 3) });
    expect(report.terminal.split('\n')[0]).toMatch(
      /^14:02:03 billing\.mdx → rebuilt in \d+\.\d\d s \(1 page parsed\): 1 error, 0 warnings; still serving build [0-9a-f]{16}$/,
    );
    expect(report.terminal).toMatch(/^billing\.mdx\n {2}\d+:\d+ {2}error {2}.+ {2}mdx-parse$/m);
    expect(report.event).toMatchObject({ state: 'failed', text: expect.stringContaining('mdx-parse') });

    files.set('billing.mdx', original);
    const fixed = await builder.build();
    expect(fixed).toMatchObject({ status: 'unchanged', servedBuildId: good.servedBuildId });
    expect(fixed.change.cleared).toMatchObject([{ file: 'billing.mdx', ruleId: 'mdx-parse' }]);
    expect(devBuildReport(fixed, { changed: ['billing.mdx'], at: new Date() }).terminal).toMatch(
      /^✔ fixed {2}billing\.mdx {2}.+ {2}mdx-parse$/m,
    );
    expect((await readdir(path.join(artifactsDir, 'example', 'builds'))).length).toBeLessThanOrEqual(2);
  });

  it('says a page warning stands, neither fixed nor new, across a save that breaks docs.json', async () => {
    const files = siteFiles();
    files.set('billing.mdx', '---\nTitle: Billing\n---\n\nInvoices are emailed on the first day of every month.\n');
    const { builder } = await devBuilder(files);
    const good = await builder.build();
    expect(good.change.added).toMatchObject([{ file: 'billing.mdx', ruleId: 'missing-title' }]);
    const config = files.get('docs.json') as string;
    files.set('docs.json', config.replace('{', '{,'));
    const broken = await builder.build();
    expect(broken.change.added).toMatchObject([{ file: 'docs.json', ruleId: 'json-syntax' }]);
    expect(broken.change.cleared).toEqual([]);
    expect(devBuildReport(broken, { changed: ['docs.json'], at: new Date() }).terminal).not.toContain('✔ fixed');
    files.set('docs.json', config);
    const restored = await builder.build();
    expect(restored.change.added).toEqual([]);
    expect(restored.change.cleared).toMatchObject([{ file: 'docs.json', ruleId: 'json-syntax' }]);
  });

  it('says a docs.json warning of a later stage stands across a save that breaks docs.json', async () => {
    const files = siteFiles();
    const config = JSON.parse(files.get('docs.json') as string) as Record<string, unknown>;
    files.set(
      'docs.json',
      JSON.stringify({ ...config, redirects: [{ source: '/billing', destination: '/quickstart' }] }),
    );
    const { builder } = await devBuilder(files);
    const good = await builder.build();
    expect(good.change.added).toMatchObject([{ file: 'docs.json', ruleId: 'redirect-shadows-page' }]);
    const text = files.get('docs.json') as string;
    files.set('docs.json', text.replace('{', '{,'));
    const broken = await builder.build();
    expect(broken.change.added).toMatchObject([{ file: 'docs.json', ruleId: 'json-syntax' }]);
    expect(broken.change.cleared).toEqual([]);
    files.set('docs.json', text);
    const restored = await builder.build();
    expect(restored.change.added).toEqual([]);
    expect(restored.change.cleared).toMatchObject([{ file: 'docs.json', ruleId: 'json-syntax' }]);
  });

  it('serves nothing while the first build fails, and publishes once the site is fixed', async () => {
    const files = siteFiles();
    files.set('docs.json', '{"name": ');
    const { builder } = await devBuilder(files);
    const broken = await builder.build();
    expect(broken).toMatchObject({ status: 'failed', servedBuildId: undefined });
    expect(devBuildReport(broken, { changed: [], at: new Date() }).event.text).toContain(
      'nothing served until it builds',
    );
    files.set('docs.json', siteFiles().get('docs.json') as string);
    expect(await builder.build()).toMatchObject({ status: 'published' });
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCacheStorage } from '../../cli/file-cache-storage.ts';
import { createPageParser } from '../../pipeline/assemble/create-page-parser.ts';
import { openPageCache } from '../../pipeline/assemble/page-cache.ts';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject, type SiteSource } from '../../pipeline/site/site-source.ts';
import { generateSyntheticSite } from '../../bench/synthetic-site.ts';
import { hasSharedData, sharedDir } from '../helpers/test-prerequisites.ts';

const mcpDir = path.join(sharedDir, 'corpora/mcp');
const hasMcp = hasSharedData('corpora/mcp', 'build output of the mcp corpus (byte-identical rebuild)');

describe('build output', () => {
  it.skipIf(!hasMcp)('is byte-identical when the same site is built twice', { timeout: 120_000 }, async () => {
    const source = await readSiteSource(mcpDir);
    const first = await buildSite(source, { domain: 'mcp' });
    const second = await buildSite(source, { domain: 'mcp' });
    expect(second.files.get('manifest.json')).toBe(first.files.get('manifest.json'));
    expect(second.files.get('search.json')).toBe(first.files.get('search.json'));
    expect(first.manifest?.buildId).toMatch(/^[0-9a-f]{16}$/);
  });

  it(
    'is the same whether pages are parsed on this thread, in workers, or from the cache',
    { timeout: 120_000 },
    async () => {
      const source = generateSyntheticSite({ pages: 300 });
      const cold = await buildSite(source, { domain: 'synthetic' });
      const parallel = await buildSite(source, {
        domain: 'synthetic',
        parsePages: createPageParser({ files: source.files, threads: 2 }),
      });
      expect(parallel.files).toEqual(cold.files);

      const cacheDir = await mkdtemp(path.join(tmpdir(), 'docsmith-cache-'));
      try {
        const firstCache = await openPageCache(fileCacheStorage(cacheDir), 'test');
        await buildSite(source, {
          domain: 'synthetic',
          prepareTerms: firstCache.prepareTerms,
          parsePages: createPageParser({ files: source.files, cache: firstCache, threads: 1 }),
        });
        await firstCache.save();
        const changedFile = [...source.files.keys()].find((file) => file.startsWith('guides/')) as string;
        const changed: SiteSource = {
          files: new Map(source.files).set(changedFile, `${source.files.get(changedFile) ?? ''}\nA new paragraph.\n`),
        };
        const warmCache = await openPageCache(fileCacheStorage(cacheDir), 'test');
        const warm = await buildSite(changed, {
          domain: 'synthetic',
          prepareTerms: warmCache.prepareTerms,
          parsePages: createPageParser({ files: changed.files, cache: warmCache, threads: 1 }),
        });
        expect(warmCache.hits).toBe(299);
        expect(warmCache.termHits).toBeGreaterThan(warmCache.termMisses * 50);
        const coldChanged = await buildSite(changed, { domain: 'synthetic' });
        expect(warm.files).toEqual(coldChanged.files);
      } finally {
        await rm(cacheDir, { recursive: true, force: true });
      }
    },
  );

  it('parses identical page files once and still gives each its own file name', async () => {
    const parsed: string[] = [];
    const text = '---\ntitle: Shared\n---\n\nSame bytes in two versions.\n';
    const source = siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Copies',
        colors: { primary: '#000000' },
        navigation: {
          versions: [
            { version: 'v2', pages: ['v2/page'] },
            { version: 'v1', pages: ['v1/page'] },
          ],
        },
      }),
      'v2/page.mdx': text,
      'v1/page.mdx': text,
    });
    const result = await buildSite(source, {
      domain: 'copies',
      parsePages: async (pages, readSnippet) => {
        const { parseUniquePages } = await import('../../pipeline/assemble/parse-unique-pages.ts');
        const { parsePage } = await import('../../pipeline/content/parse-page.ts');
        return parseUniquePages(pages, async (unique) =>
          unique.map((page) => (parsed.push(page.file), parsePage({ ...page, readSnippet }))),
        );
      },
    });
    expect(parsed).toEqual(['v1/page.mdx']);
    expect(result.manifest?.pages.map((page) => [page.path, page.file, page.context.version])).toEqual([
      ['v2/page', 'v2/page.mdx', 'v2'],
      ['v1/page', 'v1/page.mdx', 'v1'],
    ]);
  });

  it('stops with the configuration errors when docs.json is invalid', async () => {
    const result = await buildSite(
      siteSourceFromObject({
        'docs.json': '{"theme": "nope", "name": "x", "colors": {"primary": "#000"}, "navigation": {"pages": ["a"]}}',
        'a.mdx': '# A',
      }),
      { domain: 'bad' },
    );
    expect(result.manifest).toBeUndefined();
    expect(result.diagnostics.map((diagnostic) => diagnostic.pointer)).toContain('/theme');
  });

  it('reads redirects written under the base path the site is served below, for its redirects and its links', async () => {
    const config = {
      theme: 'mint',
      name: 'Served at /docs',
      colors: { primary: '#16A34A' },
      navigation: { pages: ['index', 'quickstart'] },
      redirects: [
        { source: '/docs/old', destination: '/docs/quickstart' },
        { source: '/docs/start', destination: '/docs/quickstart' },
      ],
    };
    const result = await buildSite(
      siteSourceFromObject({
        'docs.json': JSON.stringify(config),
        'index.mdx': '---\ntitle: Home\n---\nSee [the old page](/old) and [the gone page](/gone).\n',
        'quickstart.mdx': '---\ntitle: Quickstart\n---\nStart here.\n',
      }),
      { domain: 'served' },
    );
    expect(result.diagnostics.map(({ ruleId, message }) => `${ruleId} ${message}`)).toEqual([
      'broken-link Unexpected link to `/gone`, expected a page of the site or a redirect source',
    ]);
  });

  it("takes a redirect to a page's Markdown export (`/AGENTS.md`) as reaching that page", async () => {
    const result = await buildSite(
      siteSourceFromObject({
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'Markdown export',
          colors: { primary: '#16A34A' },
          navigation: { pages: ['index', 'AGENTS'] },
          redirects: [
            { source: '/llms.txt', destination: '/AGENTS.md' },
            { source: '/agents-old', destination: '/missing.md' },
          ],
        }),
        'index.mdx': '---\ntitle: Home\n---\nWelcome.\n',
        'AGENTS.mdx': '---\ntitle: For agents\n---\nRead the docs as Markdown.\n',
      }),
      { domain: 'markdown-export' },
    );
    expect(result.diagnostics.map(({ ruleId, message }) => `${ruleId} ${message}`)).toEqual([
      'redirect-dangling Unexpected redirect destination `/missing.md`, expected a page of the site',
    ]);
  });

  it('takes a redirect to a static file of the site (`/assets/api-catalog.json`) as reaching it', async () => {
    const result = await buildSite(
      {
        ...siteSourceFromObject({
          'docs.json': JSON.stringify({
            theme: 'mint',
            name: 'Static files',
            colors: { primary: '#16A34A' },
            navigation: { pages: ['index'] },
            redirects: [
              { source: '/.well-known/api-catalog', destination: '/assets/api-catalog.json' },
              { source: '/brochure', destination: '/files/brochure.pdf' },
              { source: '/gone', destination: '/assets/gone.json' },
            ],
          }),
          'index.mdx': '---\ntitle: Home\n---\nWelcome.\n',
          'assets/api-catalog.json': '{"linkset": []}',
        }),
        assetFiles: new Set(['files/brochure.pdf']),
      },
      { domain: 'static-files' },
    );
    expect(result.diagnostics.map(({ ruleId, message }) => `${ruleId} ${message}`)).toEqual([
      'redirect-dangling Unexpected redirect destination `/assets/gone.json`, expected a page of the site',
    ]);
  });

  it('reports a page that fails to parse at file:line:col and builds the others', async () => {
    const result = await buildSite(
      siteSourceFromObject({
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'Broken',
          colors: { primary: '#000000' },
          navigation: { pages: ['good', 'broken'] },
        }),
        'good.mdx': '---\ntitle: Good\n---\n\nFine.\n',
        'broken.mdx': '---\ntitle: Broken\n---\n\n<Note>\n  never closed\n',
      }),
      { domain: 'broken' },
    );
    const failure = result.diagnostics.find((diagnostic) => diagnostic.ruleId === 'mdx-parse');
    expect(failure).toMatchObject({ file: 'broken.mdx', severity: 'error' });
    expect(failure?.line).toBeGreaterThan(0);
    expect(result.manifest?.pages.map((page) => page.path)).toEqual(['good', 'broken']);
  });

  it('reports a page file the navigation does not list that fails to parse as a warning, as the platform validates it', async () => {
    const result = await buildSite(
      siteSourceFromObject({
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'Stray',
          colors: { primary: '#000000' },
          navigation: { pages: ['good'] },
        }),
        'good.mdx': '---\ntitle: Good\n---\n\nFine.\n',
        'drafts/stray.mdx': '---\ntitle: Stray\n---\n\nUse a value <5 here.\n',
        // A planning file beside the docs: its first lines read as frontmatter, and `*Link:` is a YAML alias.
        'notes/tracks.md': '---\n\n## [~] Track: fix errors\n*Link: [./tracks/a/](./tracks/a/)*\n\n---\n\nNext.\n',
      }),
      { domain: 'stray' },
    );
    expect(result.diagnostics).toMatchObject([
      {
        file: 'drafts/stray.mdx',
        line: 5,
        severity: 'warning',
        ruleId: 'mdx-parse',
        hint: expect.stringMatching(/^The navigation does not list this page/) as unknown,
      },
      {
        file: 'notes/tracks.md',
        severity: 'warning',
        ruleId: 'frontmatter-parse',
        hint: expect.stringMatching(/^The navigation does not list this page/) as unknown,
      },
    ]);
    expect(result.stats.errors).toBe(0);
  });
});

import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { upgradeMintConfig } from '../../pipeline/config/upgrade-mint-config.ts';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../../bin/docsmith.js');
const fixture = path.resolve(import.meta.dirname, '../fixtures/legacy/mint-site');

describe('a site with only the legacy mint.json', () => {
  it('validates and builds with one warning, its navigation mapped to versions, tabs and groups', async () => {
    const source = await readSiteSource(fixture);
    expect(
      (await validateSite(source)).map(
        (diagnostic) =>
          `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.ruleId} | ${diagnostic.hint}`,
      ),
    ).toEqual([
      'mint.json:1:1 legacy-config | Run `docsmith upgrade <site>` to write docs.json, then delete mint.json. Not carried over: feedback, colors.anchors.',
    ]);
    const built = await buildSite(source, { domain: 'legacy' });
    expect(built.manifest?.pages.map((page) => `${page.path} ${JSON.stringify(page.context)}`)).toEqual([
      'introduction {"groups":["Get started"],"version":"v2","tab":"Documentation"}',
      'guides/quickstart {"groups":["Get started"],"version":"v2","tab":"Documentation"}',
      // `GET /plants` is not under the tab's URL `api-reference`: the platform's upgrade leaves it in the primary tab.
      'api-reference/plants/list-plants {"groups":["Endpoints"],"version":"v2","tab":"Documentation"}',
      'api-reference/overview {"groups":["Endpoints"],"version":"v2","tab":"API Reference"}',
      'v1/old-guide {"groups":["Legacy"],"version":"v1","tab":"Documentation"}',
    ]);
  });

  it('maps settings to their docs.json names and the result is a valid docs.json', async () => {
    const mint = JSON.parse(await readFile(path.join(fixture, 'mint.json'), 'utf8')) as Record<string, unknown>;
    const { config, dropped } = upgradeMintConfig(mint);
    expect(dropped).toEqual(['feedback', 'colors.anchors']);
    expect(validateConfig(siteSourceFromObject({ 'docs.json': JSON.stringify(config) })).diagnostics).toEqual([]);
    expect(config).toMatchObject({
      theme: 'mint',
      navbar: {
        links: [{ label: 'Support', href: 'mailto:support@example.com' }],
        primary: { type: 'button', label: 'Dashboard', href: 'https://dashboard.example.com' },
      },
      footer: { socials: { github: 'https://github.com/example' } },
      integrations: { ga4: { measurementId: 'G-ABC123' } },
      api: { playground: { display: 'simple' }, mdx: { server: 'https://api.example.com' } },
      navigation: {
        global: { anchors: [{ anchor: 'Community', href: 'https://discord.gg/example', icon: 'discord' }] },
      },
    });
  });

  it("maps the playground's proxy and the base URL and auth of `api:` pages as the platform's `upgradeToDocsConfig` does", () => {
    const upgradedApi = (api: Record<string, unknown>) =>
      upgradeMintConfig({ name: 'A', navigation: [{ group: 'G', pages: ['index'] }], api }).config.api;
    // Each expected value is what `upgradeToDocsConfig` of `@mintlify/validation` 0.1.878 writes for the same mint.json.
    expect(
      upgradedApi({
        baseUrl: ['https://a', 'https://b'],
        auth: { method: 'bearer' },
        playground: { disableProxy: true },
      }),
    ).toEqual({
      playground: { proxy: false },
      mdx: { server: ['https://a', 'https://b'], auth: { method: 'bearer' } },
    });
    expect(upgradedApi({ auth: { name: 'X-Key' }, playground: { mode: 'hide', disableProxy: false } })).toEqual({
      playground: { display: 'none', proxy: true },
      mdx: { auth: { name: 'X-Key' } },
    });
  });

  it('renames the legacy font keys (`url` → `source`, `headings` → `heading`) and leaves out the legacy-only colours', () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A', light: '#4ADE80', ultraLight: '#DCFCE7', ultraDark: '#14532D' },
      font: {
        headings: { family: 'Poppins', url: 'https://example.com/poppins.woff2', format: 'woff2' },
        body: { family: 'Inter', url: 'https://example.com/inter.woff2', format: 'woff2' },
      },
      navigation: [{ group: 'Start', pages: ['index'] }],
    };
    const { config, dropped } = upgradeMintConfig(mint);
    expect(config.fonts).toEqual({
      heading: { family: 'Poppins', source: 'https://example.com/poppins.woff2', format: 'woff2' },
      body: { family: 'Inter', source: 'https://example.com/inter.woff2', format: 'woff2' },
    });
    expect(config.colors).toEqual({ primary: '#16A34A', light: '#4ADE80' });
    expect(dropped).toEqual(['colors.ultraLight', 'colors.ultraDark']);
    expect(
      validateConfig(
        siteSourceFromObject({ 'mint.json': JSON.stringify(mint, null, 2), 'index.mdx': '# Home' }),
      ).diagnostics.map((diagnostic) => diagnostic.ruleId),
    ).toEqual(['legacy-config']);
  });

  // Expected: the platform's own upgrade (`upgradeToDocsConfig` of @mintlify/validation 0.1.878).
  it('wraps the Intercom and Front chat ids, strings in mint.json, as docs.json objects', () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A' },
      integrations: { intercom: 't228v7ci', frontchat: 'abc123def' },
      analytics: { ga4: { measurementId: 'G-ABC123' } },
      navigation: [{ group: 'Start', pages: ['index'] }],
    };
    expect(upgradeMintConfig(mint).config.integrations).toEqual({
      ga4: { measurementId: 'G-ABC123' },
      intercom: { appId: 't228v7ci' },
      frontchat: { snippetId: 'abc123def' },
    });
    const result = validateConfig(
      siteSourceFromObject({ 'mint.json': JSON.stringify(mint, null, 2), 'index.mdx': '# Home' }),
    );
    expect(result.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['legacy-config']);
  });

  it('keeps only the search prompt, as the platform does: `location` is no docs.json key', () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A' },
      search: { prompt: 'Search the docs', location: 'side' },
      navigation: [{ group: 'Start', pages: ['index'] }],
    };
    expect(upgradeMintConfig(mint).config.search).toEqual({ prompt: 'Search the docs' });
    expect(upgradeMintConfig({ ...mint, search: { location: 'top' } }).config.search).toBeUndefined();
    const result = validateConfig(
      siteSourceFromObject({ 'mint.json': JSON.stringify(mint, null, 2), 'index.mdx': '# Home' }),
    );
    expect(result.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['legacy-config']);
  });

  it('keeps a playground mode it has no docs.json name for as written, even one named like an object property', () => {
    for (const mode of ['constructor', 'toString', 'interactive']) {
      expect(
        upgradeMintConfig({
          name: 'Legacy',
          colors: { primary: '#16A34A' },
          api: { playground: { mode } },
          navigation: [{ group: 'Start', pages: ['index'] }],
        }).config,
      ).toMatchObject({ api: { playground: { display: mode } } });
    }
  });

  // Expected navigation: the platform's own upgrade (`upgradeToDocsConfig` of @mintlify/validation 0.1.878).
  it('keeps the groups under the primary anchor when every anchor is a remote link', () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A' },
      anchors: [{ name: 'GitHub', icon: 'github', url: 'https://github.com/acme/acme' }],
      navigation: [{ group: 'Start', pages: ['index'] }],
    };
    expect(upgradeMintConfig(mint).config.navigation).toEqual({
      anchors: [{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'Start', pages: ['index'] }] }],
      global: { anchors: [{ anchor: 'GitHub', href: 'https://github.com/acme/acme', icon: 'github' }] },
    });
    const result = validateConfig(
      siteSourceFromObject({ 'mint.json': JSON.stringify(mint, null, 2), 'index.mdx': '# Home' }),
    );
    expect(result.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['legacy-config']);
  });

  it('keeps a link anchor among others in its place, with its colour, and leaves out an anchor with no pages', () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A' },
      topAnchor: { name: 'Guides', icon: 'map' },
      anchors: [
        { name: 'API', icon: 'code', color: '#FF9900', url: 'api' },
        { name: 'Blog', url: 'https://blog.acme.dev', color: { from: '#111111', to: '#222222' } },
        { name: 'Empty', url: 'nothing' },
      ],
      navigation: [
        { group: 'Start', pages: ['index'] },
        { group: 'API', pages: ['api/users'] },
      ],
    };
    const { config, dropped } = upgradeMintConfig(mint);
    expect(config.navigation).toEqual({
      anchors: [
        { anchor: 'Guides', icon: 'map', groups: [{ group: 'Start', pages: ['index'] }] },
        {
          anchor: 'API',
          icon: 'code',
          color: { light: '#FF9900', dark: '#FF9900' },
          groups: [{ group: 'API', pages: ['api/users'] }],
        },
        { anchor: 'Blog', href: 'https://blog.acme.dev', color: { light: '#111111', dark: '#111111' } },
      ],
    });
    expect(dropped).toContain('anchors `Empty` (no navigation group under `nothing`)');
  });

  it('leaves out a version that no navigation group belongs to and says so, instead of an empty-list error', () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A' },
      versions: ['v2', 'v1', 'v0'],
      navigation: [
        { group: 'Start', version: 'v2', pages: ['index'] },
        { group: 'Old', version: 'v1', pages: ['old'] },
      ],
    };
    const { config, dropped } = upgradeMintConfig(mint);
    expect(
      (config.navigation as { versions: { version: string }[] }).versions.map((version) => version.version),
    ).toEqual(['v2', 'v1']);
    expect(dropped).toEqual(['versions `v0` (no navigation group has it)']);
    const result = validateConfig(
      siteSourceFromObject({ 'mint.json': JSON.stringify(mint, null, 2), 'index.mdx': '# Home', 'old.mdx': '# Old' }),
    );
    expect(result.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['legacy-config']);
  });

  it("keeps an anchor's `openapi` and gives an anchor that claims no group but has a spec no empty `groups`", () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A' },
      anchors: [
        { name: 'API Reference', icon: 'code', url: 'api-reference', openapi: 'https://example.com/openapi.json' },
        { name: 'Guides', url: 'guides' },
      ],
      navigation: [
        { group: 'Start', pages: ['index'] },
        { group: 'Guides', pages: ['guides/one'] },
      ],
    };
    expect(upgradeMintConfig(mint).config.navigation).toEqual({
      anchors: [
        { anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'Start', pages: ['index'] }] },
        {
          anchor: 'API Reference',
          icon: 'code',
          openapi: { source: 'https://example.com/openapi.json', directory: 'api-reference' },
        },
        { anchor: 'Guides', groups: [{ group: 'Guides', pages: ['guides/one'] }] },
      ],
    });
    const result = validateConfig(
      siteSourceFromObject({
        'mint.json': JSON.stringify(mint, null, 2),
        'index.mdx': '# Home',
        'guides/one.mdx': '# One',
      }),
    );
    expect(result.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['legacy-config']);
  });

  it("generates a tab's or anchor's endpoint pages under its local `url`, and keeps the spec as written under a remote one", async () => {
    const spec = JSON.stringify({
      openapi: '3.0.0',
      info: { title: 'Pets', version: '1' },
      paths: { '/pets': { get: { tags: ['Pets'], summary: 'List pets', responses: { 200: { description: 'ok' } } } } },
    });
    const site = (divisions: Record<string, unknown>): Promise<string[] | undefined> =>
      buildSite(
        siteSourceFromObject({
          'mint.json': JSON.stringify({
            name: 'Legacy',
            colors: { primary: '#16A34A' },
            ...divisions,
            navigation: [{ group: 'Start', pages: ['index'] }],
          }),
          'index.mdx': '# Home',
          'openapi.json': spec,
        }),
        { domain: 'legacy' },
      ).then((built) => built.manifest?.pages.map((page) => page.path));
    expect(await site({ tabs: [{ name: 'API', url: 'reference/rest', openapi: '/openapi.json' }] })).toEqual([
      'index',
      'reference/rest/pets/list-pets',
    ]);
    expect(await site({ anchors: [{ name: 'API', url: 'reference/rest', openapi: '/openapi.json' }] })).toEqual([
      'index',
      'reference/rest/pets/list-pets',
    ]);
    // A remote tab beside a local one stays a tab; tabs that are all remote become `navigation.global` links,
    // which hold no spec (the platform's `upgradeToDocsConfig` leaves it out; docsmith says so).
    const remote = { name: 'API', url: 'https://api.example.com', openapi: '/openapi.json' };
    expect(
      upgradeMintConfig({
        name: 'Legacy',
        tabs: [{ name: 'Guides', url: 'guides' }, remote],
        navigation: [{ group: 'Start', pages: ['index'] }],
      }).config.navigation,
    ).toMatchObject({ tabs: [{}, { tab: 'API', href: 'https://api.example.com', openapi: '/openapi.json' }] });
    const allRemote = upgradeMintConfig({
      name: 'Legacy',
      tabs: [remote],
      navigation: [{ group: 'Start', pages: ['index'] }],
    });
    expect(allRemote.config.navigation).toMatchObject({
      global: { tabs: [{ tab: 'API', href: 'https://api.example.com' }] },
    });
    expect(allRemote.dropped).toEqual(['tabs `API` openapi (a link in `navigation.global` has none)']);
  });

  // Expected navigation: the platform's own upgrade (`upgradeToDocsConfig` of @mintlify/validation 0.1.878) of the
  // same mint.json (sweep 3, repro mint-anchor-root-url).
  it('gives an anchor at `/` every page not under a more specific anchor', () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A' },
      anchors: [
        { name: 'Getting Started', icon: 'rocket', url: '/' },
        { name: 'The Framework', icon: 'code', url: '/framework' },
      ],
      navigation: [
        { group: 'Overview', pages: ['introduction'] },
        { group: 'Learning', pages: ['framework/getting-started'] },
      ],
    };
    const { config, dropped } = upgradeMintConfig(mint);
    expect(config.navigation).toEqual({
      anchors: [
        { anchor: 'Getting Started', icon: 'rocket', groups: [{ group: 'Overview', pages: ['introduction'] }] },
        {
          anchor: 'The Framework',
          icon: 'code',
          groups: [{ group: 'Learning', pages: ['framework/getting-started'] }],
        },
      ],
    });
    expect(dropped).toEqual([]);
    const text = JSON.stringify(mint, null, 2);
    const result = validateConfig(
      siteSourceFromObject({
        'mint.json': text,
        'introduction.mdx': '# Intro',
        'framework/getting-started.mdx': '# Go',
      }),
    );
    expect(result.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['legacy-config']);
    expect(result.locate('/navigation/anchors/0/anchor')?.line).toBe(lineOf(text, '"Getting Started"'));
    expect(result.locate('/navigation/anchors/0/groups/0/pages/0')?.line).toBe(lineOf(text, '"introduction"'));
  });

  // Expected navigation: the platform's own upgrade (`upgradeToDocsConfig` of @mintlify/validation 0.1.878) of the
  // same mint.json (sweep 3, repro mint-group-split-by-page, with a nested group and a group icon).
  it('splits a group page by page between the divisions whose URLs hold its pages, keeping its name and icon', () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A' },
      tabs: [{ name: 'API Reference', url: 'api-reference' }],
      navigation: [
        { group: 'Get started', pages: ['introduction'] },
        {
          group: 'Endpoints',
          icon: 'code',
          pages: [
            'api-reference/list-users',
            'guides/authentication',
            { group: 'Users', pages: ['api-reference/users/get'] },
          ],
        },
      ],
    };
    expect(upgradeMintConfig(mint).config.navigation).toEqual({
      tabs: [
        {
          tab: 'Documentation',
          groups: [
            { group: 'Get started', pages: ['introduction'] },
            { group: 'Endpoints', icon: 'code', pages: ['guides/authentication'] },
          ],
        },
        {
          tab: 'API Reference',
          groups: [
            {
              group: 'Endpoints',
              icon: 'code',
              pages: ['api-reference/list-users', { group: 'Users', pages: ['api-reference/users/get'] }],
            },
          ],
        },
      ],
    });
    const text = JSON.stringify(mint, null, 2);
    const result = validateConfig(siteSourceFromObject({ 'mint.json': text }));
    expect(result.locate('/navigation/tabs/0/groups/1/pages/0')?.line).toBe(lineOf(text, '"guides/authentication"'));
    expect(result.locate('/navigation/tabs/1/groups/0/icon')?.line).toBe(lineOf(text, '"icon": "code"'));
    expect(result.locate('/navigation/tabs/1/groups/0/pages/1/pages/0')?.line).toBe(
      lineOf(text, '"api-reference/users/get"'),
    );
  });

  // Expected navigation: the platform's own upgrade (`upgradeToDocsConfig` of @mintlify/validation 0.1.878) of the
  // same mint.json (sweep 3, repro mint-tabs-with-local-anchor).
  it('nests the tabs under the primary anchor when an anchor is local, instead of making every anchor a link', () => {
    const mint = {
      name: 'Legacy',
      colors: { primary: '#16A34A' },
      tabs: [{ name: 'API Reference', url: 'api-reference' }],
      anchors: [
        { name: 'GitHub', icon: 'github', url: 'https://github.com/example/example' },
        { name: 'API Overview', icon: 'cloud', url: '/api-reference/introduction' },
      ],
      navigation: [
        { group: 'Get started', pages: ['introduction'] },
        { group: 'API Documentation', pages: ['api-reference/introduction'] },
        { group: 'Endpoints', pages: ['api-reference/list-users'] },
      ],
    };
    expect(upgradeMintConfig(mint).config.navigation).toEqual({
      anchors: [
        {
          anchor: 'Documentation',
          icon: 'book-open',
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Get started', pages: ['introduction'] }] },
            { tab: 'API Reference', groups: [{ group: 'Endpoints', pages: ['api-reference/list-users'] }] },
          ],
        },
        { anchor: 'GitHub', icon: 'github', href: 'https://github.com/example/example' },
        {
          anchor: 'API Overview',
          icon: 'cloud',
          groups: [{ group: 'API Documentation', pages: ['api-reference/introduction'] }],
        },
      ],
    });
    const text = JSON.stringify(mint, null, 2);
    const result = validateConfig(
      siteSourceFromObject({
        'mint.json': text,
        'introduction.mdx': '# Intro',
        'api-reference/introduction.mdx': '# API',
        'api-reference/list-users.mdx': '# Users',
      }),
    );
    expect(result.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['legacy-config']);
    expect(result.locate('/navigation/anchors/0/tabs/1/tab')?.line).toBe(lineOf(text, '"API Reference"'));
    expect(result.locate('/navigation/anchors/1/href')?.line).toBe(
      lineOf(text, '"https://github.com/example/example"'),
    );
    expect(result.locate('/navigation/anchors/0/tabs/1/groups/0/pages/0')?.line).toBe(
      lineOf(text, '"api-reference/list-users"'),
    );
  });

  it('reports problems at their position in mint.json', () => {
    const mint =
      '{\n  "name": "Legacy",\n  "colors": { "primary": "green" },\n  "navigation": [{ "group": "Start", "pages": ["index", "missing"] }]\n}\n';
    const result = validateConfig(siteSourceFromObject({ 'mint.json': mint, 'index.mdx': '---\ntitle: Home\n---\n' }));
    expect(
      result.diagnostics.map(
        (diagnostic) =>
          `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.severity} ${diagnostic.ruleId} ${diagnostic.pointer ?? ''}`,
      ),
    ).toEqual(['mint.json:1:1 warning legacy-config ', 'mint.json:3:26 error invalid-color /colors/primary']);
    expect(result.locate('/navigation/groups/0/pages/1')).toEqual({ file: 'mint.json', line: 4, column: 57 });
  });

  it(
    'docsmith upgrade writes the equivalent docs.json, refuses to overwrite one unless --force',
    { timeout: 60_000 },
    async () => {
      const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-upgrade-'));
      try {
        const site = path.join(directory, 'site');
        await cp(fixture, site, { recursive: true });
        const first = await run(process.execPath, [cli, 'upgrade', site]);
        const written = await readFile(path.join(site, 'docs.json'), 'utf8');
        expect(first.stdout).toBe(written);
        expect(first.stderr).toContain('not carried over: feedback, colors.anchors. Run');
        const mint = JSON.parse(await readFile(path.join(site, 'mint.json'), 'utf8')) as Record<string, unknown>;
        expect(JSON.parse(written)).toEqual(upgradeMintConfig(mint).config);
        await expect(run(process.execPath, [cli, 'upgrade', site])).rejects.toMatchObject({
          code: 2,
          stderr: expect.stringContaining('already exists; pass --force'),
        });
        expect((await run(process.execPath, [cli, 'upgrade', site, '--force'])).stdout).toBe(written);
        const validated = await run(process.execPath, [cli, 'validate', site, '--strict']);
        expect(validated.stdout).toContain('0 errors, 0 warnings');
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  );
});

/** The 1-based line of the first occurrence of `needle` in `text`. */
function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { checkLinks } from '../../pipeline/assemble/check-links.ts';
import { siteBasePaths } from '../../pipeline/site-model/site-base-paths.ts';
import { routeFolders } from '../../pipeline/navigation/route-folders.ts';
import { createPageParser } from '../../pipeline/assemble/create-page-parser.ts';
import { serializeManifest } from '../../pipeline/manifest/build-manifest.ts';
import { parsePage } from '../../pipeline/content/parse-page.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

/** One page text copied into two versions: links to the page's own version (relative), absolute, broken, and anchors. */
const PAGE = [
  '---',
  'title: Setup',
  'description: Set the service up.',
  '---',
  '',
  'Read [the reference](reference) and [the start](/v2/start#install), not [the old one](/v2/gone).',
  '',
  'Jump to [the steps](#steps) or [nowhere](#nowhere).',
  '',
  '## Steps',
  '',
  'Run the installer.',
  '',
].join('\n');
const REFERENCE = '---\ntitle: Reference\n---\n\nEvery option.\n';
const START = '---\ntitle: Start\n---\n\n## Install\n\nInstall it.\n';

const site = siteSourceFromObject({
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Copies',
    colors: { primary: '#0F766E' },
    navigation: {
      versions: [
        { version: 'v2', default: true, groups: [{ group: 'Guide', pages: ['v2/start', 'v2/setup', 'v2/reference'] }] },
        { version: 'v1', groups: [{ group: 'Guide', pages: ['v1/setup'] }] },
      ],
    },
  }),
  'v2/start.mdx': START,
  'v2/setup.mdx': PAGE,
  'v2/reference.mdx': REFERENCE,
  'v1/setup.mdx': PAGE,
});

describe('pages copied across versions', () => {
  it('build as they would page by page when their parse, anchors, records and Markdown are shared', async () => {
    const pageByPage = await buildSite(site, { domain: 'copies' });
    const shared = await buildSite(site, {
      domain: 'copies',
      parsePages: createPageParser({ files: site.files, threads: 1 }),
    });
    expect([...shared.files.keys()]).toEqual([...pageByPage.files.keys()]);
    for (const [name, text] of pageByPage.files) expect(shared.files.get(name), name).toBe(text);
    expect(shared.diagnostics).toEqual(pageByPage.diagnostics);
  });

  it('report each broken link at every copy, a relative link resolved from each copy', async () => {
    const result = await buildSite(site, {
      domain: 'copies',
      parsePages: createPageParser({ files: site.files, threads: 1 }),
    });
    const links = result.diagnostics.filter(
      (diagnostic) => diagnostic.ruleId === 'broken-link' || diagnostic.ruleId === 'broken-anchor',
    );
    expect(
      links.map(({ file, line, column, ruleId, message }) => `${file}:${line}:${column} ${ruleId} ${message}`),
    ).toEqual([
      'v1/setup.mdx:6:6 broken-link Unexpected link to `reference`, expected a page of the site or a redirect source',
      'v1/setup.mdx:6:73 broken-link Unexpected link to `/v2/gone`, expected a page of the site or a redirect source',
      'v1/setup.mdx:8:32 broken-anchor Unexpected anchor `#nowhere` in `#nowhere`, expected a heading of this page',
      'v2/setup.mdx:6:73 broken-link Unexpected link to `/v2/gone`, expected a page of the site or a redirect source',
      'v2/setup.mdx:8:32 broken-anchor Unexpected anchor `#nowhere` in `#nowhere`, expected a heading of this page',
    ]);
  });

  it('list identical page Markdown once in llms-full.txt, and keep a Markdown file per path', async () => {
    const result = await buildSite(site, {
      domain: 'copies',
      parsePages: createPageParser({ files: site.files, threads: 1 }),
    });
    expect(result.files.get('pages/v1/setup.md')).toBe(result.files.get('pages/v2/setup.md'));
    expect(result.files.get('llms-full.txt')?.split('# Setup\n')).toHaveLength(2);
    expect(result.files.get('llms.txt')).toContain('- [Setup](v1/setup.md): Set the service up.');
  });
});

describe('checkLinks', () => {
  it('collects the anchors only when a link has one, and then once', () => {
    const targets = (collected: string[]) => ({
      routes: new Set(['a', 'b']),
      redirects: [],
      anchors: () => {
        collected.push('anchors');
        return new Map([['b', new Map([['install', 'install']])]]);
      },
    });
    const withoutAnchors = [parsePage({ file: 'a.mdx', text: '[b](/b) and [b again](/b)\n' })];
    const none: string[] = [];
    expect(checkLinks(withoutAnchors, targets(none))).toEqual([]);
    expect(none).toEqual([]);
    const withAnchors = [
      parsePage({ file: 'a.mdx', text: '[b](/b#install) and [b](/b#setup)\n' }),
      parsePage({ file: 'b.mdx', text: '[a](/a#x)\n' }),
    ];
    const once: string[] = [];
    expect(
      checkLinks(withAnchors, targets(once)).map(
        (diagnostic) => `${diagnostic.file} ${diagnostic.ruleId} ${diagnostic.message}`,
      ),
    ).toEqual(['a.mdx broken-anchor Unexpected anchor `#setup` in `/b#setup`, expected a heading of `/b`']);
    expect(once).toEqual(['anchors']);
  });
});

describe('checkLinks on images', () => {
  it('finds an image written under the base path the site is served below, unless the site has a folder of that name', () => {
    const page = parsePage({
      file: 'guide.mdx',
      text: '![a](/docs/images/a.png) ![b](/help/images/b.png) ![c](/docs/images/c.png)\n',
    });
    const check = (files: string[]) =>
      checkLinks([page], {
        routes: new Set(['guide']),
        redirects: [],
        files: new Set(files),
        basePaths: siteBasePaths('https://acme.com/help'),
      }).map((diagnostic) => diagnostic.message);
    // Served at /docs (a base path of the platform) or at /help (the site URL's path), the files are looked up without it.
    expect(check(['guide.mdx', 'images/a.png', 'images/b.png'])).toEqual([
      'Unexpected image `/docs/images/c.png`, expected a file of the site (looked for docs/images/c.png)',
    ]);
    // A site with a `docs/` folder writes `/docs/…` for that folder.
    expect(check(['guide.mdx', 'images/a.png', 'images/b.png', 'images/c.png', 'docs/intro.mdx'])).toEqual([
      'Unexpected image `/docs/images/a.png`, expected a file of the site (looked for docs/images/a.png)',
      'Unexpected image `/docs/images/c.png`, expected a file of the site (looked for docs/images/c.png)',
    ]);
  });
});

describe('checkLinks on folders', () => {
  it('takes a link to a folder of pages as reaching its first page, as the platform redirects it; a folder of nothing stays broken', () => {
    const pages = [
      parsePage({
        file: 'a.mdx',
        text: '[modules](/concepts/modules), [sub](concepts/modules/), [deep](/concepts#x), [none](/concepts/mod)\n',
      }),
    ];
    const routes = new Set(['a', 'concepts/modules/overview', 'concepts/modules/royalty']);
    const targets = { routes, redirects: [], folders: routeFolders(routes) };
    expect(checkLinks(pages, targets).map((diagnostic) => `${diagnostic.ruleId} ${diagnostic.message}`)).toEqual([
      'broken-link Unexpected link to `/concepts/mod`, expected a page of the site or a redirect source',
    ]);
  });

  it('counts only folders of visible navigation pages, as the platform redirects to the first of those', async () => {
    const result = await buildSite(
      siteSourceFromObject({
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'Folders',
          colors: { primary: '#16A34A' },
          navigation: { pages: ['index', 'guides/start'] },
        }),
        'index.mdx': '---\ntitle: Home\n---\n\nSee [guides](/guides) and [extras](/extras).\n',
        'guides/start.mdx': '---\ntitle: Start\n---\n',
        'extras/unlisted.mdx': '---\ntitle: Unlisted\n---\n',
      }),
      { domain: 'folders' },
    );
    expect(result.diagnostics.map((diagnostic) => `${diagnostic.ruleId} ${diagnostic.message}`)).toEqual([
      'broken-link Unexpected link to `/extras`, expected a page of the site or a redirect source',
    ]);
  });
});

describe('buildManifestFile', () => {
  it('gives the text serializeManifest writes, with the buildId of the manifest serialised without it', async () => {
    const result = await buildSite(site, { domain: 'copies' });
    const { buildId, ...withoutId } = result.manifest!;
    expect(result.files.get('manifest.json')).toBe(serializeManifest(result.manifest!));
    expect(buildId).toBe(createHash('sha256').update(serializeManifest(withoutId)).digest('hex').slice(0, 16));
  });

  it('writes two-space JSON with one compact line per content, page and redirect record', async () => {
    const result = await buildSite(
      siteSourceFromObject({
        ...Object.fromEntries(site.files),
        'docs.json': site.files
          .get('docs.json')!
          .replace('"navigation"', '"redirects":[{"source":"/old","destination":"/v2/start"}],"navigation"'),
      }),
      { domain: 'copies' },
    );
    const text = result.files.get('manifest.json')!;
    expect(JSON.parse(text)).toEqual(result.manifest);
    const lines = text.split('\n');
    const pages = lines.slice(lines.indexOf('  "pages": [') + 1, lines.indexOf('  ],', lines.indexOf('  "pages": [')));
    expect(pages.map((line) => JSON.parse(line.replace(/,$/, '')) as unknown)).toEqual(result.manifest!.pages);
    expect(lines.slice(0, 4).join('\n')).toMatchInlineSnapshot(`
      "{
        "formatVersion": 2,
        "generator": "docsmith",
        "domain": "copies","
    `);
    expect(lines.slice(lines.indexOf('  "redirects": ['), lines.indexOf('  "redirects": [') + 3).join('\n'))
      .toMatchInlineSnapshot(`
      "  "redirects": [
          {"source":"/old","destination":"/v2/start","permanent":true}
        ],"
    `);
  });
});

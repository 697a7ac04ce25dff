import { redirectReachesPage } from '../../pipeline/manifest/redirect-reaches-page.ts';
import path from 'node:path';
import { Ajv } from 'ajv';
import diffSchema from '../../schemas/diff.schema.json' with { type: 'json' };
import { beforeAll, describe, expect, it } from 'vitest';
import { expandManifestPages } from '../../schemas/expand-manifest-pages.ts';
import type { Manifest } from '../../schemas/manifest.ts';
import { validateManifest } from '../../pipeline/manifest/validate-manifest.ts';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { diffManifests } from '../../pipeline/manifest/diff-manifests.ts';
import { formatDiffMarkdown } from '../../pipeline/manifest/format-diff-markdown.ts';
import { formatDiffText } from '../../pipeline/manifest/format-diff-text.ts';

const fixtures = path.join(import.meta.dirname, '../fixtures/diff');

async function buildFixture(name: string): Promise<Manifest> {
  const result = await buildSite(await readSiteSource(path.join(fixtures, name)), { domain: 'diffco' });
  expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  if (!result.manifest) throw new Error(`fixture ${name} did not build`);
  return result.manifest;
}

describe('docsmith diff between two releases', () => {
  let before: Manifest;
  let after: Manifest;
  beforeAll(async () => {
    before = await buildFixture('before');
    after = await buildFixture('after');
  });

  it('reads manifest format 2 only', () => {
    expect(validateManifest(JSON.parse(JSON.stringify(after)))).toEqual([]);
    expect(validateManifest({ ...JSON.parse(JSON.stringify(after)), formatVersion: 1 })).toEqual([
      '/formatVersion must be equal to constant',
    ]);
    const { contents, ...formatOne } = JSON.parse(JSON.stringify(before)) as Manifest;
    expect(contents.length).toBeGreaterThan(0);
    expect(validateManifest({ ...formatOne, pages: expandManifestPages(before) })).toEqual([
      "/ must have required property 'contents'",
    ]);
  });

  it('stores the description and headings shared by several pages once', () => {
    const shown = new Set(after.pages.map((page) => page.content));
    expect(shown.size).toBe(after.contents.length);
    expect(after.contents.length).toBeLessThanOrEqual(after.pages.length);
    expect(expandManifestPages(after).every((page) => Array.isArray(page.headings))).toBe(true);
  });

  it('finds nothing when a release is compared with itself', () => {
    const diff = diffManifests(before, before);
    expect(diff.empty).toBe(true);
    expect(diff.breaking).toEqual([]);
    expect(formatDiffText(diff)).toContain('No changes.');
  });

  it('classifies every kind of page change, in the shape of schemas/diff.schema.json', () => {
    const diff = diffManifests(before, after);
    const validate = new Ajv({ strict: false }).compile(diffSchema);
    expect(validate(JSON.parse(JSON.stringify(diff))), JSON.stringify(validate.errors)).toBe(true);
    expect(diff.pages.added.map((page) => page.path)).toEqual(['guides/new-page']);
    expect(diff.pages.removed.map((page) => page.path)).toEqual(['guides/removed', 'reference/old-widgets']);
    expect(diff.pages.moved).toEqual([
      { from: 'guides/old-name', to: 'guides/new-name', title: 'Renamed guide' },
      { from: 'guides/legacy', to: 'archive/legacy', title: 'Legacy' },
    ]);
    // guides/setup changed its title only: it is listed once, as retitled (issue #30 item 9).
    expect(diff.pages.retitled).toEqual([{ path: 'guides/setup', from: 'Setup', to: 'Installation' }]);
    expect(diff.pages.contentChanged.map((page) => page.path)).toEqual(['intro']);
  });

  it('reports navigation moves, endpoint pages, redirects and settings', () => {
    const diff = diffManifests(before, after);
    expect(diff.navigation.moved.map((move) => [move.path, move.from.groups, move.to.groups])).toEqual([
      ['faq', ['Help'], ['Guides']],
    ]);
    expect(diff.endpoints.added.map((page) => page.title)).toEqual(['Create a widget']);
    expect(diff.endpoints.removed.map((page) => page.title)).toEqual(['Delete a widget']);
    expect(diff.redirects.added.map((redirect) => redirect.source)).toEqual(['/guides/old-name', '/reference/:slug*']);
    expect(diff.redirects.removed.map((redirect) => redirect.source)).toEqual(['/help']);
    expect(diff.redirects.changed).toEqual([
      {
        source: '/start',
        from: { destination: '/intro', permanent: true },
        to: { destination: '/guides/setup', permanent: true },
      },
    ]);
    expect(diff.settings.changed.map((change) => change.key)).toEqual(['colors', 'name']);
  });

  it('lists a page whose title and text changed under both, and finds a retitled page that moved', async () => {
    const build = async (pages: Record<string, string>): Promise<Manifest> => {
      const config = JSON.stringify({
        theme: 'mint',
        name: 'T',
        colors: { primary: '#0F766E' },
        navigation: { pages: Object.keys(pages).map((file) => file.replace('.mdx', '')) },
      });
      return (await buildSite(siteSourceFromObject({ 'docs.json': config, ...pages }), { domain: 't' }))
        .manifest as Manifest;
    };
    const old = await build({
      'a.mdx': '---\ntitle: A\n---\n\nText of A.\n',
      'b.mdx': '---\ntitle: B\n---\n\nText of B.\n',
      'c.mdx': '---\ntitle: C\n---\n\nText of C.\n',
      'e.mdx': '---\ntitle: E\n---\n\nText of E.\n',
    });
    const next = await build({
      'a.mdx': '---\ntitle: A2\n---\n\nText of A.\n',
      'b.mdx': '---\ntitle: B2\n---\n\nNew text of B.\n',
      'c.mdx': '---\ntitle: C\ndescription: Now described.\n---\n\nText of C.\n',
      'f.mdx': '---\ntitle: F\n---\n\nText of E.\n',
    });
    const diff = diffManifests(old, next);
    expect(diff.pages.retitled.map((change) => change.path)).toEqual(['a', 'b']);
    expect(diff.pages.contentChanged.map((change) => change.path)).toEqual(['b', 'c']);
    expect(diff.pages.moved).toEqual([{ from: 'e', to: 'f', title: 'F' }]);
  });

  it('flags removed or moved pages that no redirect takes to a page as breaking, following wildcards', () => {
    const diff = diffManifests(before, after);
    const breaking = diff.breaking.map((change) => [change.path, change.reason]);
    expect(breaking).toContainEqual(['guides/legacy', 'moved']);
    expect(breaking).toContainEqual(['guides/removed', 'removed']);
    expect(breaking.map(([breakingPath]) => breakingPath)).not.toContain('guides/old-name');
    // `/reference/:slug*` → `/guides/:slug*` takes it to `/guides/old-widgets`, which the new release does not have.
    expect(breaking).toContainEqual(['reference/old-widgets', 'removed']);
  });

  it('flags an old redirect that reached a page and leads nowhere now, not one that still does', () => {
    const diff = diffManifests(before, after);
    // `/help` → `/faq` is gone and no page is at `help`; `/start` changed from `/intro` to `/guides/setup`, a page.
    expect(diff.breaking.filter((change) => change.reason === 'redirect-removed')).toEqual([
      { path: 'help', title: 'FAQ', reason: 'redirect-removed', redirectedTo: '/faq' },
    ]);
    expect(formatDiffText(diff)).toContain('/help redirected to /faq before, leads nowhere now');
    expect(formatDiffMarkdown(diff)).toContain('| ⚠️ breaking | `help` | redirect to `/faq` gone, leads nowhere |');
    expect(diffManifests(after, before).breaking.map((change) => change.path)).not.toContain('start');
  });

  it('counts a redirect as covering only when it (or a chain of them) reaches a page, a folder of pages or a URL', () => {
    const pages = new Set(['guides/setup', 'guides/new-name', 'api/index']);
    const redirect = (source: string, destination: string) => ({ source, destination, permanent: true });
    const redirects = [
      redirect('/old/:slug*', '/guides/:slug*'),
      redirect('/start', '/begin'),
      redirect('/begin', '/guides/setup#install'),
      redirect('/loop-a', '/loop-b'),
      redirect('/loop-b', '/loop-a'),
      redirect('/blog', 'https://blog.example.com'),
      redirect('/reference', '/api'),
      redirect('/docs-setup', '/docs/guides/setup'),
    ];
    const reaches = (path: string) => redirectReachesPage(redirects, path, pages);
    expect(['old/new-name', 'start', 'blog', 'reference', 'docs-setup'].map(reaches)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['old/gone', 'loop-a', 'nothing', 'guides'].map(reaches)).toEqual([false, false, false, false]);
  });

  it('renders a pull-request table with the breaking changes first', () => {
    const markdown = formatDiffMarkdown(diffManifests(before, after));
    const rows = markdown.split('\n').filter((line) => line.startsWith('| '));
    expect(rows[0]).toBe('| change | path | detail |');
    expect(rows[1]).toMatch(/^\| ⚠️ breaking \| `/);
    expect(markdown).toContain('| page moved | `guides/old-name` | → `guides/new-name` |');
  });
});

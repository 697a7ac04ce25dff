import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { createPageParser } from '../../pipeline/assemble/create-page-parser.ts';
import { openPageCache } from '../../pipeline/assemble/page-cache.ts';
import type { PageCacheStorage } from '../../pipeline/site-model/page-cache-storage.ts';
import { siteSourceFromObject, type SiteSource } from '../../pipeline/site/site-source.ts';

const SHARED = "---\ntitle: Setup\n---\nimport Note from '/snippets/note.mdx';\n\nRun the installer.\n\n<Note />\n";
const UNTITLED = '# Changelog\n\nEvery release.\n';

/** Three versions holding the same two pages, plus one page of their own; one snippet used by the shared page. */
function versionedSite(overrides: Record<string, string> = {}): SiteSource {
  const versions = ['v3', 'v2', 'v1'];
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'Versions',
      colors: { primary: '#0F766E' },
      navigation: {
        versions: versions.map((version) => ({
          version,
          pages: [`${version}/setup`, `${version}/changelog`, `${version}/own`],
        })),
      },
    }),
    'snippets/note.mdx': 'Keep the **token** secret.\n',
  };
  for (const version of versions) {
    files[`${version}/setup.mdx`] = SHARED;
    files[`${version}/changelog.mdx`] = UNTITLED;
    files[`${version}/own.mdx`] = `---\ntitle: Only in ${version}\n---\n\nText of ${version}.\n`;
  }
  return siteSourceFromObject({ ...files, ...overrides });
}

function memoryStorage(): PageCacheStorage & { text?: string } {
  const storage: PageCacheStorage & { text?: string } = {
    read: async () => storage.text,
    write: async (text) => {
      storage.text = text;
    },
  };
  return storage;
}

/** Builds with a cache opened from `storage` and saves it; returns the build, the cache and how many page files were parsed. */
async function cachedBuild(source: SiteSource, storage: PageCacheStorage) {
  const cache = await openPageCache(storage, 'test');
  const result = await buildSite(source, {
    domain: 'versions',
    parsePages: createPageParser({ files: source.files, cache, threads: 1 }),
  });
  await cache.save();
  return { result, cache, pagesParsed: pages(source).length - cache.hits };
}

function pages(source: SiteSource): string[] {
  return [...source.files.keys()].filter((file) => file.endsWith('.mdx') && !file.startsWith('snippets/'));
}

describe('page cache', () => {
  it('keeps one entry per distinct text, and a title-less page per file', async () => {
    const storage = memoryStorage();
    const { cache } = await cachedBuild(versionedSite(), storage);
    expect(cache.hits).toBe(0);
    const saved = JSON.parse(storage.text ?? '{}') as {
      shared: Record<string, unknown>;
      located: Record<string, unknown>;
    };
    // setup (shared by three versions) and the three own pages; the changelog's title comes from its file name.
    expect(Object.keys(saved.shared)).toHaveLength(4);
    expect(Object.keys(saved.located)).toHaveLength(3);
  });

  it('serves every copy from the one entry, each with its own file name, and builds the same output', async () => {
    const storage = memoryStorage();
    const cold = await cachedBuild(versionedSite(), storage);
    const warm = await cachedBuild(versionedSite(), storage);
    expect(warm.pagesParsed).toBe(0);
    expect(warm.result.files).toEqual(cold.result.files);
    expect(warm.result.manifest?.pages.map((page) => page.file)).toEqual(
      cold.result.manifest?.pages.map((page) => page.file),
    );
  });

  it('parses again only the file that changed', async () => {
    const storage = memoryStorage();
    await cachedBuild(versionedSite(), storage);
    const changedSource = versionedSite({ 'v2/setup.mdx': `${SHARED}\nA new paragraph.\n` });
    const changed = await cachedBuild(changedSource, storage);
    expect(changed.pagesParsed).toBe(1);
    expect(changed.result.files).toEqual((await buildSite(changedSource, { domain: 'versions' })).files);
  });

  it('parses again the pages that inline a snippet that changed', async () => {
    const storage = memoryStorage();
    await cachedBuild(versionedSite(), storage);
    const changedSource = versionedSite({ 'snippets/note.mdx': 'Rotate the **token** monthly.\n' });
    const changed = await cachedBuild(changedSource, storage);
    expect(changed.pagesParsed).toBe(3);
    expect(changed.result.files.get('search.json')).toContain('monthly');
    expect(changed.result.files).toEqual((await buildSite(changedSource, { domain: 'versions' })).files);
  });

  it('starts empty when the parser version differs', async () => {
    const storage = memoryStorage();
    await cachedBuild(versionedSite(), storage);
    const cache = await openPageCache(storage, 'another parser');
    expect(cache.lookup('v1/setup.mdx', SHARED, () => 'Keep the **token** secret.\n')).toBeUndefined();
  });
});

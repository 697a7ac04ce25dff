import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildDirectory,
  publishBuild,
  readCurrentBuildId,
  readReleases,
  writeBuildDirectory,
} from '../../contract/artifact-layout.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

describe('versioned artifact directories', () => {
  let domainDir: string;
  beforeEach(async () => {
    domainDir = await mkdtemp(path.join(tmpdir(), 'docsmith-releases-'));
  });
  afterEach(async () => {
    await rm(domainDir, { recursive: true, force: true });
  });

  const files = (text: string) =>
    new Map([
      ['manifest.json', text],
      ['search.json', '{}'],
    ]);

  it('writes a build once and reports an unchanged rebuild', async () => {
    expect(await writeBuildDirectory(domainDir, 'aaaa000000000001', files('one'))).toBe(true);
    expect(await writeBuildDirectory(domainDir, 'aaaa000000000001', files('one'))).toBe(false);
    expect(await readFile(path.join(buildDirectory(domainDir, 'aaaa000000000001'), 'manifest.json'), 'utf8')).toBe(
      'one',
    );
    expect((await readdir(path.join(domainDir, 'builds'))).filter((entry) => entry.startsWith('.tmp-'))).toEqual([]);
  });

  it('links the files an earlier build already has under the same name and text (docsmith dev), and writes the rest', async () => {
    const first = new Map([
      ['manifest.json', 'one'],
      ['pages/a.md', '# A'],
      ['pages/b.md', '# B'],
    ]);
    await writeBuildDirectory(domainDir, 'aaaa000000000001', first);
    const earlier = { directory: buildDirectory(domainDir, 'aaaa000000000001'), files: first };
    const second = new Map([
      ['manifest.json', 'two'],
      ['pages/a.md', '# A'],
      ['pages/b.md', '# B, edited'],
      ['pages/c.md', '# A'],
    ]);
    await writeBuildDirectory(domainDir, 'aaaa000000000002', second, { linkFrom: earlier });
    const inode = async (buildId: string, name: string): Promise<number> =>
      (await stat(path.join(buildDirectory(domainDir, buildId), name))).ino;
    expect(await inode('aaaa000000000002', 'pages/a.md')).toBe(await inode('aaaa000000000001', 'pages/a.md'));
    expect(await inode('aaaa000000000002', 'pages/c.md')).toBe(await inode('aaaa000000000001', 'pages/a.md'));
    expect(await inode('aaaa000000000002', 'pages/b.md')).not.toBe(await inode('aaaa000000000001', 'pages/b.md'));
    for (const [name, text] of second)
      expect(await readFile(path.join(buildDirectory(domainDir, 'aaaa000000000002'), name), 'utf8'), name).toBe(text);

    await rm(earlier.directory, { recursive: true });
    await writeBuildDirectory(domainDir, 'aaaa000000000003', first, { linkFrom: earlier });
    for (const [name, text] of first)
      expect(await readFile(path.join(buildDirectory(domainDir, 'aaaa000000000003'), name), 'utf8'), name).toBe(text);
  });

  it('writes each distinct text once: a page copied across versions is one inode, hard-linked at each path', async () => {
    const page = '---\ntitle: Setup\ndescription: Set it up.\n---\n\n## Steps\n\nRun the installer.\n';
    const site = siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Copies',
        colors: { primary: '#0F766E' },
        navigation: {
          languages: [
            {
              language: 'en',
              default: true,
              versions: [
                { version: 'v2', default: true, pages: ['v2/setup', 'v2/start'] },
                { version: 'v1', pages: ['v1/setup'] },
              ],
            },
            { language: 'fr', versions: [{ version: 'v2', pages: ['fr/v2/setup'] }] },
          ],
        },
      }),
      'v2/setup.mdx': page,
      'v1/setup.mdx': page,
      'fr/v2/setup.mdx': page,
      'v2/start.mdx': '---\ntitle: Start\n---\n\nInstall it.\n',
    });
    const result = await buildSite(site, { domain: 'copies' });
    const buildId = result.manifest?.buildId ?? '';
    expect(await writeBuildDirectory(domainDir, buildId, result.files)).toBe(true);
    const directory = buildDirectory(domainDir, buildId);
    const copies = ['pages/v2/setup.md', 'pages/v1/setup.md', 'pages/fr/v2/setup.md'];
    const inodes = await Promise.all(copies.map(async (name) => (await stat(path.join(directory, name))).ino));
    expect(new Set(inodes).size).toBe(1);
    expect((await stat(path.join(directory, copies[0] as string))).nlink).toBe(3);
    const start = await stat(path.join(directory, 'pages/v2/start.md'));
    expect([start.nlink, inodes.includes(start.ino)]).toEqual([1, false]);
    for (const [name, text] of result.files)
      expect(await readFile(path.join(directory, name), 'utf8'), name).toBe(text);
    expect(await readFile(path.join(directory, 'pages/v1/setup.md'), 'utf8')).toMatchInlineSnapshot(`
      "# Setup

      > Set it up.

      ## Steps

      Run the installer.
      "
    `);
  });

  it('publishes by replacing the current pointer and keeps the last N releases', async () => {
    const ids = ['b000000000000001', 'b000000000000002', 'b000000000000003'];
    for (const id of ids) {
      await writeBuildDirectory(domainDir, id, files(id));
      expect(await publishBuild(domainDir, id, { keep: 2, pruneGraceMs: 0 })).toBe(true);
      expect(await readCurrentBuildId(domainDir)).toBe(id);
    }
    expect((await readReleases(domainDir)).map((release) => release.buildId)).toEqual([
      'b000000000000003',
      'b000000000000002',
    ]);
    expect((await readdir(path.join(domainDir, 'builds'))).sort()).toEqual(['b000000000000002', 'b000000000000003']);
  });

  it('publishes nothing new when the build is already current', async () => {
    await writeBuildDirectory(domainDir, 'c000000000000001', files('x'));
    expect(await publishBuild(domainDir, 'c000000000000001')).toBe(true);
    expect(await publishBuild(domainDir, 'c000000000000001')).toBe(false);
    expect(await readReleases(domainDir)).toHaveLength(1);
  });

  it('keeps a build written in the last ten minutes and not published: another publish may be about to name it', async () => {
    await writeBuildDirectory(domainDir, 'd000000000000001', files('one'));
    await writeBuildDirectory(domainDir, 'd000000000000002', files('two'));
    expect(await publishBuild(domainDir, 'd000000000000001', { keep: 1 })).toBe(true);
    expect((await readdir(path.join(domainDir, 'builds'))).sort()).toEqual(['d000000000000001', 'd000000000000002']);
    const later = new Date(Date.now() + 11 * 60_000);
    await writeBuildDirectory(domainDir, 'd000000000000003', files('three'));
    expect(await publishBuild(domainDir, 'd000000000000003', { keep: 1, now: later })).toBe(true);
    expect(await readdir(path.join(domainDir, 'builds'))).toEqual(['d000000000000003']);
  });

  it('takes publishes of one domain in turns: at once, both land in the history and the current build exists', async () => {
    const ids = Array.from({ length: 6 }, (_, index) => `e00000000000000${index}`);
    await Promise.all(ids.map((id) => writeBuildDirectory(domainDir, id, files(id))));
    const published = await Promise.all(ids.map((id) => publishBuild(domainDir, id, { keep: 10 })));
    expect(published).toEqual(ids.map(() => true));
    expect((await readReleases(domainDir)).map((release) => release.buildId).sort()).toEqual(ids);
    const current = (await readCurrentBuildId(domainDir)) ?? '';
    expect(await readFile(path.join(buildDirectory(domainDir, current), 'manifest.json'), 'utf8')).toBe(current);
    expect(await readdir(domainDir)).not.toContain('.publish.lock');
  });

  it('refuses to publish a build whose folder is gone, and rewrites a damaged folder of the same build', async () => {
    await expect(publishBuild(domainDir, 'f000000000000001')).rejects.toThrow(/is gone/);
    await writeBuildDirectory(domainDir, 'f000000000000001', files('whole'));
    const manifest = path.join(buildDirectory(domainDir, 'f000000000000001'), 'manifest.json');
    await writeFile(manifest, 'who');
    expect(await writeBuildDirectory(domainDir, 'f000000000000001', files('whole'))).toBe(true);
    expect(await readFile(manifest, 'utf8')).toBe('whole');
    expect(await writeBuildDirectory(domainDir, 'f000000000000001', files('whole'))).toBe(false);
    expect((await readdir(path.join(domainDir, 'builds'))).filter((entry) => entry.startsWith('.tmp'))).toEqual([]);
  });

  it('reports no current build for a domain never published', async () => {
    expect(await readCurrentBuildId(domainDir)).toBeUndefined();
  });
});

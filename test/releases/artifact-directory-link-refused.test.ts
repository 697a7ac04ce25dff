import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** The error code `link` fails with in the current test, for its first `times` calls; after those it links for real. */
const refusal = { code: '', times: 0, calls: 0 };

describe('a build folder where hard links are refused', () => {
  let layout: typeof import('../../contract/artifact-layout.ts');
  // The layout module is loaded afresh over a node:fs/promises whose `link` refuses, and forgotten afterwards: the
  // test files of a worker share their modules (vitest.config.ts), so neither an earlier load nor a later file sees it.
  beforeAll(async () => {
    vi.doMock('node:fs/promises', async (importOriginal) => {
      const actual = await importOriginal<typeof import('node:fs/promises')>();
      return {
        ...actual,
        link: async (existing: string, created: string) => {
          refusal.calls += 1;
          if (refusal.calls <= refusal.times)
            throw Object.assign(new Error(`${refusal.code}: link refused`), { code: refusal.code });
          await actual.link(existing, created);
        },
      };
    });
    vi.resetModules();
    layout = await import('../../contract/artifact-layout.ts');
  });
  afterAll(() => {
    vi.doUnmock('node:fs/promises');
    vi.resetModules();
  });
  let domainDir: string;
  beforeEach(async () => {
    domainDir = await mkdtemp(path.join(tmpdir(), 'docsmith-links-'));
    refusal.calls = 0;
  });
  afterEach(async () => {
    await rm(domainDir, { recursive: true, force: true });
  });

  const files = new Map([
    ['manifest.json', '{}'],
    ['pages/a.md', '# Same\n'],
    ['pages/b.md', '# Same\n'],
    ['pages/c/d.md', '# Same\n'],
  ]);

  it('writes copies with the same bytes, and stops asking once the file system refused (EXDEV)', async () => {
    Object.assign(refusal, { code: 'EXDEV', times: Infinity });
    expect(await layout.writeBuildDirectory(domainDir, 'd000000000000001', files)).toBe(true);
    const directory = layout.buildDirectory(domainDir, 'd000000000000001');
    const inodes = new Set<number>();
    for (const [name, text] of files) {
      expect(await readFile(path.join(directory, name), 'utf8')).toBe(text);
      inodes.add((await stat(path.join(directory, name))).ino);
    }
    expect([inodes.size, refusal.calls]).toEqual([4, 1]);
  });

  it('starts a new inode when one has too many links (EMLINK) and links the next copies to it', async () => {
    Object.assign(refusal, { code: 'EMLINK', times: 1 });
    const many = new Map([...files, ['pages/e.md', '# Same\n']]);
    expect(await layout.writeBuildDirectory(domainDir, 'd000000000000002', many)).toBe(true);
    const directory = layout.buildDirectory(domainDir, 'd000000000000002');
    const inodeOf = async (name: string): Promise<number> => (await stat(path.join(directory, name))).ino;
    const [a, b, d, e] = await Promise.all(['pages/a.md', 'pages/b.md', 'pages/c/d.md', 'pages/e.md'].map(inodeOf));
    expect([a === b, b === d, d === e, refusal.calls]).toEqual([false, true, true, 3]);
  });

  it('fails the write on any other error, leaving no build folder', async () => {
    Object.assign(refusal, { code: 'EIO', times: Infinity });
    await expect(layout.writeBuildDirectory(domainDir, 'd000000000000003', files)).rejects.toThrow('EIO');
    await expect(stat(layout.buildDirectory(domainDir, 'd000000000000003'))).rejects.toThrow('ENOENT');
  });
});

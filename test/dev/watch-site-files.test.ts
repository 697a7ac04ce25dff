import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchSiteFiles, type SiteFilesWatch } from '../../cli/dev/watch-site-files.ts';
import type { SiteFileChange } from '../../cli/dev/watched-site-source.ts';

describe('watchSiteFiles (chokidar on a real folder)', () => {
  let folder: string | undefined;
  let watch: SiteFilesWatch | undefined;
  afterEach(async () => {
    await watch?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('reports a second save made right after the first burst (chokidar alone drops a change within 50 ms)', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docsmith-watch-'));
    const page = path.join(folder, 'page.mdx');
    await writeFile(page, '# One\n');
    const bursts: SiteFileChange[][] = [];
    let waiting: (() => void) | undefined;
    const nextBurst = (): Promise<void> => new Promise((resolve) => (waiting = resolve));
    watch = watchSiteFiles(folder, {
      isExcluded: () => false,
      onChanges: (changes) => {
        bursts.push(changes);
        waiting?.();
      },
    });
    await watch.ready;
    let burst = nextBurst();
    await writeFile(page, '# Two\n');
    await burst;
    burst = nextBurst();
    await writeFile(page, '# Three\n');
    await burst;
    expect(bursts.slice(0, 2)).toEqual([
      [{ path: 'page.mdx', kind: 'changed' }],
      [{ path: 'page.mdx', kind: 'changed' }],
    ]);
  });

  it('reports a rename and a removal each as one burst', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docsmith-watch-'));
    await writeFile(path.join(folder, 'old.mdx'), '# Old\n');
    await writeFile(path.join(folder, 'gone.mdx'), '# Gone\n');
    const bursts: SiteFileChange[][] = [];
    watch = watchSiteFiles(folder, { isExcluded: () => false, onChanges: (changes) => bursts.push(changes) });
    await watch.ready;
    await rename(path.join(folder, 'old.mdx'), path.join(folder, 'new.mdx'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await rm(path.join(folder, 'gone.mdx'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bursts.map((burst) => [...burst].sort((a, b) => a.path.localeCompare(b.path)))).toEqual([
      [
        { path: 'new.mdx', kind: 'changed' },
        { path: 'old.mdx', kind: 'removed' },
      ],
      [{ path: 'gone.mdx', kind: 'removed' }],
    ]);
  });
});

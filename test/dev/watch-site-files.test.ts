import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
});

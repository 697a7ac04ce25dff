import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCacheDir } from '../../cli/default-cache-dir.ts';

describe('the build cache folder', () => {
  let project: string;
  beforeAll(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'docsmith-cachedir-'));
  });
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('is never inside the site: $XDG_CACHE_HOME, else node_modules/.cache, else ~/.cache', async () => {
    const site = path.join(project, 'docs');
    expect(defaultCacheDir(site, { XDG_CACHE_HOME: '/var/cache/ci' }, project)).toMatch(
      /^\/var\/cache\/ci\/docsmith\/docs-[0-9a-f]{16}$/,
    );
    expect(defaultCacheDir(site, {}, project).startsWith(path.join(homedir(), '.cache', 'docsmith', 'docs-'))).toBe(
      true,
    );
    await mkdir(path.join(project, 'node_modules'));
    const cache = defaultCacheDir(site, {}, project);
    expect(cache.startsWith(path.join(project, 'node_modules', '.cache', 'docsmith', 'docs-'))).toBe(true);
    expect(cache.startsWith(site)).toBe(false);
  });

  it('keeps two sites apart', () => {
    expect(defaultCacheDir('a/docs', {}, project)).not.toBe(defaultCacheDir('b/docs', {}, project));
  });
});

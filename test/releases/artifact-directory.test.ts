import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDirectory, publishBuild, readCurrentBuildId, readReleases, writeBuildDirectory } from '../../contract/artifact-layout.ts';

describe('versioned artifact directories', () => {
  let domainDir: string;
  beforeEach(async () => {
    domainDir = await mkdtemp(path.join(tmpdir(), 'docsmith-releases-'));
  });
  afterEach(async () => {
    await rm(domainDir, { recursive: true, force: true });
  });

  const files = (text: string) => new Map([['manifest.json', text], ['search.json', '{}']]);

  it('writes a build once and reports an unchanged rebuild', async () => {
    expect(await writeBuildDirectory(domainDir, 'aaaa000000000001', files('one'))).toBe(true);
    expect(await writeBuildDirectory(domainDir, 'aaaa000000000001', files('one'))).toBe(false);
    expect(await readFile(path.join(buildDirectory(domainDir, 'aaaa000000000001'), 'manifest.json'), 'utf8')).toBe('one');
    expect((await readdir(path.join(domainDir, 'builds'))).filter((entry) => entry.startsWith('.tmp-'))).toEqual([]);
  });

  it('publishes by replacing the current pointer and keeps the last N releases', async () => {
    const ids = ['b000000000000001', 'b000000000000002', 'b000000000000003'];
    for (const id of ids) {
      await writeBuildDirectory(domainDir, id, files(id));
      expect(await publishBuild(domainDir, id, { keep: 2 })).toBe(true);
      expect(await readCurrentBuildId(domainDir)).toBe(id);
    }
    expect((await readReleases(domainDir)).map((release) => release.buildId)).toEqual(['b000000000000003', 'b000000000000002']);
    expect((await readdir(path.join(domainDir, 'builds'))).sort()).toEqual(['b000000000000002', 'b000000000000003']);
  });

  it('publishes nothing new when the build is already current', async () => {
    await writeBuildDirectory(domainDir, 'c000000000000001', files('x'));
    expect(await publishBuild(domainDir, 'c000000000000001')).toBe(true);
    expect(await publishBuild(domainDir, 'c000000000000001')).toBe(false);
    expect(await readReleases(domainDir)).toHaveLength(1);
  });

  it('reports no current build for a domain never published', async () => {
    expect(await readCurrentBuildId(domainDir)).toBeUndefined();
  });
});

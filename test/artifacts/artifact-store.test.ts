import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArtifactError, createArtifactStore, defaultArtifactMemoryBytes } from '../../runtime/artifacts/create-artifact-store.ts';
import { search } from '../../runtime/search/index.ts';
import { publishTestSite, testSiteFiles } from '../helpers/publish-test-site.ts';

describe('artifact store', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'docsmith-artifacts-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is not ready until a build is published, and knows no unknown domain', async () => {
    const store = createArtifactStore({ root, pollMs: 0 });
    expect(await store.isReady()).toBe(false);
    expect(await store.get('nothing-here')).toBeUndefined();
    expect(await store.get('../etc')).toBeUndefined();
    await publishTestSite(root, 'example');
    expect(await store.isReady()).toBe(true);
    expect((await store.get('example'))?.siteName).toBe('Example');
  });

  it('swaps in a newly published build without restart; holders of the old one keep it', async () => {
    const store = createArtifactStore({ root, pollMs: 0 });
    await publishTestSite(root, 'example');
    const before = await store.get('example');
    const files = { ...testSiteFiles('Example v2'), 'billing.mdx': '---\ntitle: Billing\n---\n\nRefunds are issued within 14 days of a cancelled order.\n' };
    const newBuildId = await publishTestSite(root, 'example', files);
    const after = await store.get('example');
    expect(after?.buildId).toBe(newBuildId);
    expect(after?.siteName).toBe('Example v2');
    expect(search(after!.index, 'refunds')[0]?.path).toBe('billing');
    expect(before?.siteName).toBe('Example');
    expect(search(before!.index, 'refunds')).toEqual([]);
  });

  it('refuses a corrupt new build and keeps serving the previous one', async () => {
    const rejected: string[] = [];
    const store = createArtifactStore({ root, pollMs: 0, onRejectedBuild: (_domain, buildId) => rejected.push(buildId) });
    const goodId = await publishTestSite(root, 'example');
    await store.get('example');
    const badId = await publishTestSite(root, 'example', testSiteFiles('Broken'));
    await writeFile(path.join(root, 'example', 'builds', badId, 'search.json'), '{"formatVersion":1,"tampered":true}');
    expect((await store.get('example'))?.buildId).toBe(goodId);
    expect(rejected).toEqual([badId]);
  });

  it('reports a domain whose only build is corrupt as an ArtifactError', async () => {
    const store = createArtifactStore({ root, pollMs: 0 });
    const id = await publishTestSite(root, 'example');
    await writeFile(path.join(root, 'example', 'builds', id, 'manifest.json'), 'not json');
    await expect(store.get('example')).rejects.toBeInstanceOf(ArtifactError);
  });

  it('keeps memory within the budget by evicting least recently used domains', async () => {
    const store = createArtifactStore({ root, pollMs: 0, memoryBudgetBytes: 60_000 });
    for (const domain of ['one', 'two', 'three', 'four']) {
      await publishTestSite(root, domain);
      await store.get(domain);
    }
    expect(store.loadedDomains().length).toBeLessThan(4);
    expect(store.loadedDomains()).toContain('four');
    expect((await store.get('one'))?.domain).toBe('one');
  });
});

describe('the default memory budget of loaded artifacts', () => {
  const MiB = 1024 * 1024;
  it('is half of V8\'s heap limit, between 64 and 512 MiB, so capping the heap bounds the artifacts too', () => {
    expect(defaultArtifactMemoryBytes(4096 * MiB)).toBe(512 * MiB);
    expect(defaultArtifactMemoryBytes(768 * MiB)).toBe(384 * MiB);
    expect(defaultArtifactMemoryBytes(96 * MiB)).toBe(64 * MiB);
  });
});

import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_FORMATS_SINCE } from '../../contract/artifact-format.ts';
import {
  ArtifactError,
  createArtifactStore,
  defaultArtifactMemoryBytes,
} from '../../runtime/artifacts/create-artifact-store.ts';
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
    const files = {
      ...testSiteFiles('Example v2'),
      'billing.mdx': '---\ntitle: Billing\n---\n\nRefunds are issued within 14 days of a cancelled order.\n',
    };
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
    const store = createArtifactStore({
      root,
      pollMs: 0,
      onRejectedBuild: (_domain, buildId) => rejected.push(buildId),
    });
    const goodId = await publishTestSite(root, 'example');
    await store.get('example');
    const badId = await publishTestSite(root, 'example', testSiteFiles('Broken'));
    await writeFile(path.join(root, 'example', 'builds', badId, 'search.json'), '{"formatVersion":1,"tampered":true}');
    expect((await store.get('example'))?.buildId).toBe(goodId);
    expect(rejected).toEqual([badId]);
  });

  it('tries a refused build again after 30 s, so a folder a sync was still copying is served once whole', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const store = createArtifactStore({ root, pollMs: 0 });
      const goodId = await publishTestSite(root, 'example');
      await store.get('example');
      const newId = await publishTestSite(root, 'example', testSiteFiles('Synced'));
      const searchFile = path.join(root, 'example', 'builds', newId, 'search.json');
      const whole = await readFile(searchFile, 'utf8');
      await writeFile(searchFile, whole.slice(0, 100));
      expect((await store.get('example'))?.buildId).toBe(goodId);
      await writeFile(searchFile, whole);
      vi.advanceTimersByTime(29_000);
      expect((await store.get('example'))?.buildId).toBe(goodId);
      vi.advanceTimersByTime(2_000);
      expect((await store.get('example'))?.siteName).toBe('Synced');
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves a domain no more once its `current` or its folder is removed, as a replica started then would not', async () => {
    const store = createArtifactStore({ root, pollMs: 0 });
    await publishTestSite(root, 'example');
    await publishTestSite(root, 'other');
    expect(await store.get('example')).toBeDefined();
    expect(await store.get('other')).toBeDefined();
    await rm(path.join(root, 'example'), { recursive: true });
    expect(await store.get('example')).toBeUndefined();
    await rm(path.join(root, 'other', 'current'));
    await expect(store.get('other')).rejects.toThrow(ArtifactError);
    expect(store.loadedDomains()).toEqual([]);
  });

  it('refuses a build of an earlier docsmith with one message, keeps the previous one and serves the other domains', async () => {
    const rejected: string[] = [];
    const store = createArtifactStore({
      root,
      pollMs: 0,
      onRejectedBuild: (domain, buildId, reason) => rejected.push(`${domain} ${buildId}: ${reason}`),
    });
    const goodId = await publishTestSite(root, 'example');
    await store.get('example');
    const oldId = await publishTestSite(root, 'example', testSiteFiles('Old'));
    const build = path.join(root, 'example', 'builds', oldId);
    // What docsmith 0.1.0 wrote: search.json format 4 naming wink, listed in its manifest with its own checksum.
    const oldSearch = (await readFile(path.join(build, 'search.json'), 'utf8')).replace(
      '{"formatVersion":5,"engine":"docsmith-bm25f",',
      '{"formatVersion":4,"engine":"wink-bm25-text-search",',
    );
    await writeFile(path.join(build, 'search.json'), oldSearch);
    const manifest = JSON.parse(await readFile(path.join(build, 'manifest.json'), 'utf8')) as {
      formatVersion: number;
      artifacts: { search: { sha256: string } };
    };
    manifest.artifacts.search.sha256 = createHash('sha256').update(oldSearch).digest('hex');
    await writeFile(path.join(build, 'manifest.json'), JSON.stringify(manifest));
    expect((await store.get('example'))?.buildId).toBe(goodId);
    expect(rejected).toEqual([
      `example ${oldId}: build ${oldId} of example: built by docsmith < ${CURRENT_FORMATS_SINCE} (search.json format 4, this docsmith reads format 5): rebuild with \`docsmith build\``,
    ]);

    await publishTestSite(root, 'other');
    await writeFile(path.join(build, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: 1 }));
    const fresh = createArtifactStore({ root, pollMs: 0 });
    await expect(fresh.get('example')).rejects.toThrow(
      new ArtifactError(
        `build ${oldId} of example: built by docsmith < ${CURRENT_FORMATS_SINCE} (manifest.json format 1, this docsmith reads format 2): rebuild with \`docsmith build\``,
      ),
    );
    expect((await fresh.get('other'))?.siteName).toBe('Example');
  });

  it('reports a domain whose only build is corrupt as an ArtifactError, and is not ready until a build loads', async () => {
    const store = createArtifactStore({ root, pollMs: 0 });
    const id = await publishTestSite(root, 'example');
    const manifest = path.join(root, 'example', 'builds', id, 'manifest.json');
    const whole = await readFile(manifest, 'utf8');
    await writeFile(manifest, 'not json');
    await expect(store.get('example')).rejects.toBeInstanceOf(ArtifactError);
    expect(await store.isReady()).toBe(false);
    await writeFile(manifest, whole);
    await publishTestSite(root, 'other');
    expect(await store.isReady()).toBe(true);
  });

  it('keeps a site the whole budget cannot hold, beside the others, and says so once', async () => {
    const oversized: string[] = [];
    const store = createArtifactStore({
      root,
      pollMs: 0,
      memoryBudgetBytes: 1_000,
      onOversizedSite: (domain) => oversized.push(domain),
    });
    await publishTestSite(root, 'example');
    const first = await store.get('example');
    expect(await store.get('example')).toBe(first);
    expect(store.loadedDomains()).toEqual(['example']);
    expect(oversized).toEqual(['example']);
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
  it("is half of V8's heap limit, between 64 and 512 MiB, so capping the heap bounds the artifacts too", () => {
    expect(defaultArtifactMemoryBytes(4096 * MiB)).toBe(512 * MiB);
    expect(defaultArtifactMemoryBytes(768 * MiB)).toBe(384 * MiB);
    expect(defaultArtifactMemoryBytes(96 * MiB)).toBe(64 * MiB);
  });
});

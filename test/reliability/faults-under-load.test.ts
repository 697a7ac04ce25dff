import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDirectory,
  publishBuild,
  readCurrentBuildId,
  writeBuildDirectory,
} from '../../contract/artifact-layout.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { publishTestSite, testSiteFiles } from '../helpers/publish-test-site.ts';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';
import { scriptedModel } from './scripted-model.ts';

const redisUrl = process.env.REDIS_TEST_URL;
const ask = (fp: string, text = 'How do I install the CLI?') => ({ fp, messages: [{ role: 'user', content: text }] });

describe('faults under load', () => {
  let fixture: ReliabilityFixture;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
  });
  afterAll(() => fixture.cleanup());

  for (const store of ['memory', 'sqlite', 'redis'] as const) {
    it.skipIf(store === 'redis' && !redisUrl)(
      `over HTTP on ${store}, 50 concurrent requests at a key limit of 20 leave the org's other key its full quota${store === 'redis' ? ' (skipped without REDIS_TEST_URL)' : ''}`,
      async () => {
        const app = await fixture.build({
          limitStore: store,
          dataDir: path.join(fixture.directory, `limits-${store}`),
          keysFile: path.join(fixture.dataDir, 'keys.json'),
          ...(store === 'redis' ? { redisUrl, store: 'sqlite', keyStore: 'file' } : {}),
          limits: { perKeyPerMonth: 20, perOrgPerHour: 40 },
        });
        // Redis counters outlive the test: a fresh org (its keys) per run keeps the run independent.
        const search = (key: string) => ({
          method: 'POST' as const,
          url: '/v1/search/example',
          headers: { authorization: `Bearer ${key}` },
          payload: { query: 'install' },
        });
        const [busy, quiet] = store === 'redis' ? await freshKeys(fixture) : fixture.keys;
        const responses = await Promise.all([
          ...Array.from({ length: 50 }, () => app.inject(search(busy))),
          ...Array.from({ length: 20 }, () => app.inject(search(quiet))),
        ]);
        expect(responses.slice(0, 50).filter((response) => response.statusCode === 200)).toHaveLength(20);
        expect(responses.slice(50).filter((response) => response.statusCode === 200)).toHaveLength(20);
        expect(responses.every((response) => [200, 429].includes(response.statusCode))).toBe(true);
      },
    );
  }

  it('keeps answering (200, or 503 artifacts_not_ready) while artifacts are corrupted, and keeps the last good build', async () => {
    const artifactsDir = path.join(fixture.directory, 'corrupted-dist');
    await publishTestSite(artifactsDir, 'example');
    const app = await fixture.build({
      artifactsDir,
      limitStore: 'memory',
      limits: { perKeyPerMonth: 1_000_000, perOrgPerHour: 1_000_000, perIpPerDay: 1_000_000 },
      artifactPollMs: 20,
    });
    const domainDir = path.join(artifactsDir, 'example');
    const good = (await readCurrentBuildId(domainDir)) as string;
    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        const responses = await Promise.all(
          Array.from({ length: 8 }, () =>
            app.inject({
              method: 'POST',
              url: '/v1/search/example',
              headers: { authorization: `Bearer ${fixture.keys[0]}` },
              payload: { query: 'install' },
            }),
          ),
        );
        statuses.push(...responses.map((response) => response.statusCode));
      }
    })();
    const changed = await buildSite(
      siteSourceFromObject({
        ...testSiteFiles('Changed'),
        'billing.mdx': '---\ntitle: Billing\n---\n\nChanged text.\n',
      }),
      { domain: 'example' },
    );
    const buildId = changed.manifest?.buildId as string;
    await writeBuildDirectory(domainDir, buildId, changed.files);
    await writeFile(path.join(buildDirectory(domainDir, buildId), 'search.json'), '{"truncated":');
    await publishBuild(domainDir, buildId);
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const entry of await readdir(buildDirectory(domainDir, good), { withFileTypes: true })) {
      if (entry.isFile()) await writeFile(path.join(buildDirectory(domainDir, good), entry.name), 'garbage');
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    running = false;
    await load;
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.at(-1)).toBe(200);
  });

  it('survives clients disconnecting mid-answer at random moments, keeping every accepted question', async () => {
    const app = await fixture.build({
      limitStore: 'memory',
      dataDir: path.join(fixture.directory, 'disconnects'),
      keysFile: path.join(fixture.dataDir, 'keys.json'),
      model: scriptedModel({ hang: true }),
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const accepted: string[] = [];
    // Load the site first, so that the clients' timers measure the answers rather than the artifact loading.
    await app.inject({
      method: 'POST',
      url: '/v1/search/example',
      headers: { authorization: `Bearer ${fixture.keys[0]}` },
      payload: { query: 'install' },
    });
    await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        const request = askRequest(fixture.keys[0], ask('leaver', `Question ${index} about the CLI?`));
        const client = new AbortController();
        // Client 0 waits long enough to be accepted even on a loaded machine, so that "every accepted question" is never vacuous.
        setTimeout(() => client.abort(), index === 0 ? 5_000 : 20 + ((index * 37) % 500));
        try {
          const response = await fetch(`${url}${request.url}`, {
            method: 'POST',
            headers: request.headers,
            body: request.payload,
            signal: client.signal,
          });
          if (response.status === 200) accepted.push(`Question ${index} about the CLI?`);
          await response.body?.getReader().read();
        } catch {
          // Aborted before the answer began: the question may or may not have been accepted.
        }
      }),
    );
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listed = await app.inject({
      url: '/v1/assistant/example/threads?fp=leaver&limit=100',
      headers: { authorization: `Bearer ${fixture.keys[0]}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const stored = (listed.json() as { threads: { messages: { text: string }[] }[] }).threads.flatMap((thread) =>
      thread.messages.map((message) => message.text),
    );
    expect(accepted.length).toBeGreaterThan(0);
    for (const question of accepted) expect(stored).toContain(question);
  });
});

async function freshKeys(fixture: ReliabilityFixture): Promise<[string, string]> {
  const { createKeyStore } = await import('../../runtime/auth/key-store.ts');
  const store = createKeyStore({ file: path.join(fixture.dataDir, 'keys.json') });
  const org = `org-${Math.random().toString(36).slice(2)}`;
  return [store.create({ domains: ['example'], org }).key, store.create({ domains: ['example'], org }).key];
}

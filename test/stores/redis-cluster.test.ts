import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisAnalyticsStore } from '../../runtime/analytics/redis-analytics-store.ts';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { createRedisThreadStore } from '../../runtime/threads/redis-thread-store.ts';
import { freePort, hasRedisServer, startRedis } from '../helpers/private-redis.ts';
import { hasRedis } from '../helpers/test-prerequisites.ts';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from '../reliability/reliability-app.ts';

// A single-node Redis Cluster owns every slot, so the plain client reaches every key, yet Redis still refuses a
// script or transaction whose keys hash to different slots (CROSSSLOT): what a real cluster would refuse.
describe.skipIf(!hasRedis('the runtime on a Redis Cluster') || !hasRedisServer)(
  'the runtime on a single-node Redis Cluster (skipped: needs REDIS_TEST_URL and redis-server)',
  () => {
    let directory: string;
    let redis: ChildProcess | undefined;
    let url: string;
    let fixture: ReliabilityFixture;
    beforeAll(async () => {
      directory = await mkdtemp(path.join(tmpdir(), 'docsmith-cluster-'));
      const port = await freePort();
      redis = await startRedis(port, [
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        path.join(directory, 'nodes.conf'),
      ]);
      url = `redis://127.0.0.1:${port}`;
      const admin = new Redis(url);
      await admin.cluster('ADDSLOTSRANGE', 0, 16_383);
      for (
        let attempt = 0;
        attempt < 50 && !String(await admin.cluster('INFO')).includes('cluster_state:ok');
        attempt += 1
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      admin.disconnect();
      fixture = await createReliabilityFixture();
    });
    afterAll(async () => {
      redis?.kill('SIGKILL');
      await fixture?.cleanup();
      await rm(directory, { recursive: true, force: true });
    });

    it('answers, limits, stores threads, feedback and analytics without CROSSSLOT', async () => {
      const adminKey = createKeyStore({ file: path.join(fixture.dataDir, 'keys.json') }).create({
        domains: ['example'],
        org: 'org-1',
        admin: true,
      }).key;
      const app = await fixture.build({
        redisUrl: url,
        keyStore: 'file',
        keysFile: path.join(fixture.dataDir, 'keys.json'),
        limits: { perKeyPerMonth: 2 },
      });
      try {
        const [key] = fixture.keys;
        const asked = await app.inject(
          askRequest(key, { fp: 'fp', messages: [{ role: 'user', content: 'How do I install the CLI?' }] }),
        );
        expect(asked.statusCode, asked.body).toBe(200);
        const threadId = asked.headers['x-thread-id'] as string;
        const messageId = /f:\{"messageId":"([^"]+)"/.exec(asked.body)?.[1];
        const rated = await app.inject({
          method: 'POST',
          url: '/v1/assistant/example/feedback',
          headers: { authorization: `Bearer ${key}` },
          payload: { fp: 'fp', threadId, messageId, rating: 'up' },
        });
        expect(rated.statusCode, rated.body).toBe(201);
        expect(
          (
            await app.inject(
              askRequest(key, { fp: 'fp', threadId, messages: [{ role: 'user', content: 'And on Windows?' }] }),
            )
          ).statusCode,
        ).toBe(200);
        expect(
          (await app.inject(askRequest(key, { fp: 'fp', messages: [{ role: 'user', content: 'billing' }] }))).json()
            .error.code,
        ).toBe('rate_limited');
        const listed = await app.inject({
          url: '/v1/assistant/example/threads?fp=fp',
          headers: { authorization: `Bearer ${key}` },
        });
        expect(listed.json().threads.map((thread: { messages: unknown[] }) => thread.messages.length)).toEqual([4]);
        const report = await app.inject({
          url: '/v1/analytics/example/questions',
          headers: { authorization: `Bearer ${adminKey}` },
        });
        expect(report.json()).toMatchObject({ questions: 2, feedback: { up: 1 } });
        const insights = await app.inject({
          url: '/v1/analytics/example/insights',
          headers: { authorization: `Bearer ${adminKey}` },
        });
        expect(insights.statusCode, insights.body).toBe(200);
        expect(insights.json()).toMatchObject({ totals: { questions: 2, up: 1 } });
      } finally {
        await app.close();
      }
    });

    it('sweeps threads and analytics past their retention', async () => {
      const threads = createRedisThreadStore(url, { keyPrefix: 'sweep', maxMessagesPerThread: 1 });
      const analytics = createRedisAnalyticsStore(url, 'sweep:analytics:');
      try {
        const { threadId } = await threads.resolveThread({ domain: 'acme', fingerprint: 'fp' });
        for (const id of ['q', 'a'])
          await threads.appendMessage({
            threadId,
            domain: 'acme',
            fingerprint: 'fp',
            message: { id, role: id === 'q' ? 'user' : 'assistant', text: id, sources: [] },
          });
        expect(await threads.deleteThreadsBefore(new Date(Date.now() + 1000))).toBe(1);
        await analytics.recordSearch({ domain: 'acme', query: 'nothing', resultCount: 0, at: new Date('2020-01-01') });
        await analytics.recordQuestion({
          domain: 'acme',
          threadId: 't',
          messageId: 'm',
          question: 'install',
          resultCount: 1,
          notFound: false,
          at: new Date('2020-01-02'),
          insight: { terms: ['instal'], weights: [1], strength: 1, cited: ['quickstart'] },
        });
        expect(await analytics.deleteEventsBefore(new Date('2021-01-01'))).toBe(2);
        expect(
          (await analytics.insights({ domain: 'acme', from: '2020-01-01', to: '2020-01-31' })).totals.questions,
        ).toBe(0);
      } finally {
        await Promise.all([threads.close(), analytics.close()]);
      }
    });
  },
);

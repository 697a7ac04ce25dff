import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, hasRedisServer, startRedis } from '../helpers/private-redis.ts';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

const redisUrl = process.env.REDIS_TEST_URL;

// Needs REDIS_TEST_URL (Redis tests are enabled) and a redis-server binary to start and kill a private instance.
describe.skipIf(!redisUrl || !hasRedisServer)(
  'Redis killed and restored mid-load (skipped: needs REDIS_TEST_URL and redis-server)',
  () => {
    let fixture: ReliabilityFixture;
    let redis: ChildProcess | undefined;
    let port: number;
    beforeAll(async () => {
      fixture = await createReliabilityFixture();
      port = await freePort();
      redis = await startRedis(port);
    });
    afterAll(async () => {
      redis?.kill('SIGKILL');
      await fixture.cleanup();
    });

    it('answers 200 or 503 store_unavailable while Redis is down, never 5xx otherwise, and recovers', async () => {
      const app = await fixture.build({
        redisUrl: `redis://127.0.0.1:${port}`,
        keyStore: 'file',
        keysFile: path.join(fixture.dataDir, 'keys.json'),
        storeTimeoutMs: 500,
      });
      const statuses: number[] = [];
      const codes = new Set<string>();
      let round = 0;
      const fire = async (): Promise<void> => {
        round += 1;
        const responses = await Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            index % 2 === 0
              ? app.inject(
                  askRequest(fixture.keys[0], {
                    fp: `outage-${round}`,
                    messages: [{ role: 'user', content: 'How do I install the CLI?' }],
                  }),
                )
              : app.inject({
                  method: 'POST',
                  url: '/v1/search/example',
                  headers: { authorization: `Bearer ${fixture.keys[1]}` },
                  payload: { query: 'install' },
                }),
          ),
        );
        for (const response of responses) {
          statuses.push(response.statusCode);
          if (response.statusCode !== 200) codes.add((response.json() as { error: { code: string } }).error.code);
        }
      };
      for (let index = 0; index < 3; index += 1) await fire();
      redis?.kill('SIGKILL');
      for (let index = 0; index < 4; index += 1) await fire();
      redis = await startRedis(port);
      let recovered = false;
      for (let attempt = 0; attempt < 40 && !recovered; attempt += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/v1/search/example',
          headers: { authorization: `Bearer ${fixture.keys[1]}` },
          payload: { query: 'install' },
        });
        recovered = response.statusCode === 200;
        if (!recovered) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(recovered).toBe(true);
      await fire();
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      expect([...codes]).toEqual(['store_unavailable']);
      expect(statuses.slice(-6)).toEqual([200, 200, 200, 200, 200, 200]);
      const listed = await app.inject({
        url: `/v1/assistant/example/threads?fp=outage-${round}`,
        headers: { authorization: `Bearer ${fixture.keys[0]}` },
      });
      expect((listed.json() as { threads: unknown[] }).threads).toHaveLength(3);
    });
  },
);

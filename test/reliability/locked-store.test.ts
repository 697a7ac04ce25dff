import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../runtime/stores/open-sqlite.ts';
import { retryWhileBusy } from '../../runtime/stores/retry-while-busy.ts';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

describe('a SQLite file locked by another connection', () => {
  let fixture: ReliabilityFixture;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
    app = await fixture.build({ storeTimeoutMs: 3000 });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => fixture.cleanup());

  it('keeps /healthz answering while requests wait for the lock, then answers them 503 store_unavailable', async () => {
    const ok = await app.inject(
      askRequest(fixture.keys[0], { fp: 'fp', messages: [{ role: 'user', content: 'How do I install the CLI?' }] }),
    );
    expect(ok.statusCode).toBe(200);
    // Another connection takes the write lock (in this process: a child holding it proved flaky on Node 24 in CI).
    const holder = openSqlite(path.join(fixture.dataDir, 'docsmith.sqlite'));
    await retryWhileBusy('lock holder', () => holder.exec('BEGIN IMMEDIATE'));
    try {
      let settled = 0;
      const blocked = Array.from({ length: 5 }, () => {
        const request = askRequest(fixture.keys[0], {
          fp: 'fp',
          messages: [{ role: 'user', content: 'How do I install the CLI?' }],
        });
        return fetch(`${url}${request.url}`, {
          method: 'POST',
          headers: request.headers,
          body: request.payload,
        }).finally(() => (settled += 1));
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Blocked by the driver's synchronous busy wait, the probes waited for the blocked requests to give up first.
      for (let probe = 0; probe < 5; probe += 1) expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(settled).toBe(0);
      // Answered while the lock is still held: they gave up after the store timeout rather than wait for the lock.
      for (const response of await Promise.all(blocked)) {
        expect(response.status).toBe(503);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('store_unavailable');
      }
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await app.inject(
      askRequest(fixture.keys[1], { fp: 'fp', messages: [{ role: 'user', content: 'How do I install the CLI?' }] }),
    );
    expect(after.statusCode).toBe(200);
  });
});

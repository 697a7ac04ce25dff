import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdSqliteLock } from '../helpers/sqlite-lock-holder.ts';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

describe('a SQLite file locked by another process', () => {
  let fixture: ReliabilityFixture;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
    app = await fixture.build({ storeTimeoutMs: 1500 });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => fixture.cleanup());

  it('keeps /healthz answering while requests wait for the lock, then answers them 503 store_unavailable', async () => {
    const ok = await app.inject(askRequest(fixture.keys[0], { fp: 'fp', messages: [{ role: 'user', content: 'How do I install the CLI?' }] }));
    expect(ok.statusCode).toBe(200);
    const holder = await holdSqliteLock(path.join(fixture.dataDir, 'docsmith.sqlite'));
    try {
      const started = Date.now();
      const blocked = Array.from({ length: 5 }, () => {
        const request = askRequest(fixture.keys[0], { fp: 'fp', messages: [{ role: 'user', content: 'How do I install the CLI?' }] });
        return fetch(`${url}${request.url}`, { method: 'POST', headers: request.headers, body: request.payload });
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const healthTimes: number[] = [];
      for (let probe = 0; probe < 5; probe += 1) {
        const before = performance.now();
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        healthTimes.push(performance.now() - before);
      }
      // Blocked by the driver's synchronous busy wait, these took the whole busy timeout (seconds).
      expect(Math.max(...healthTimes)).toBeLessThan(250);
      const responses = await Promise.all(blocked);
      const elapsed = Date.now() - started;
      for (const response of responses) {
        expect(response.status).toBe(503);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('store_unavailable');
      }
      expect(elapsed).toBeLessThan(6000);
    } finally {
      holder.kill();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await app.inject(askRequest(fixture.keys[1], { fp: 'fp', messages: [{ role: 'user', content: 'How do I install the CLI?' }] }));
    expect(after.statusCode).toBe(200);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

describe('operating the runtime', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-ops-'));
    await publishTestSite(path.join(directory, 'dist'), 'example');
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('answers /readyz 503 store_unavailable while the store (Redis) cannot be reached', async () => {
    const app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      store: 'redis',
      redisUrl: 'redis://127.0.0.1:1',
      keyStore: 'file',
      limitStore: 'memory',
    });
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('store_unavailable');
    await app.close();
  });

  it('exposes Prometheus latency histograms per route and the process metrics', async () => {
    const app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
    });
    const key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
      domains: ['example'],
      org: 'org',
    }).key;
    await app.inject({
      method: 'POST',
      url: '/v1/search/example',
      headers: { authorization: `Bearer ${key}` },
      payload: { query: 'invoices' },
    });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(metrics.body).toContain('# TYPE docsmith_request_duration_seconds histogram');
    expect(metrics.body).toMatch(
      /docsmith_request_duration_seconds_bucket\{le="\+Inf",route="\/v1\/search\/:domain"\} 1/,
    );
    expect(metrics.body).toMatch(/docsmith_request_duration_seconds_count\{route="\/v1\/search\/:domain"\} 1/);
    expect(metrics.body).toMatch(/docsmith_requests_total\{route="\/v1\/search\/:domain",status="200"\} 1/);
    expect(metrics.body).toMatch(/docsmith_process_resident_memory_bytes \d+/);
    expect(metrics.body).toContain('docsmith_nodejs_eventloop_lag_seconds');
    await app.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMetricsApp } from '../../runtime/http/build-metrics-app.ts';
import { createMetrics } from '../../runtime/http/metrics.ts';
import { createReliabilityFixture, type ReliabilityFixture } from '../reliability/reliability-app.ts';

describe('GET /metrics can be protected', () => {
  let fixture: ReliabilityFixture;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
  });
  afterAll(() => fixture.cleanup());

  it('asks for the metrics token when one is set, compares it whole, and leaves health open', async () => {
    const app = await fixture.build({ limitStore: 'memory', metricsRoute: { token: 'scrape-secret-1' } });
    for (const authorization of [
      undefined,
      'Bearer scrape-secret',
      'Bearer scrape-secret-12',
      'Basic scrape-secret-1',
      `Bearer ${fixture.keys[0]}`,
    ]) {
      const refused = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(refused.statusCode, authorization).toBe(401);
      expect(refused.json().error.code).toBe('metrics_unauthorized');
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.body).not.toContain('docsmith_');
    }
    const scraped = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-1' } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('docsmith_answer_failures_total{reason="model_error"} 0');
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('serves the metrics on a separate app, and not on the runtime’s', async () => {
    const metrics = createMetrics();
    const app = await fixture.build({ limitStore: 'memory', metrics, metricsRoute: false });
    const metricsApp = buildMetricsApp(metrics);
    try {
      expect((await app.inject({ url: '/metrics' })).json().error.code).toBe('not_found');
      await app.inject({
        method: 'POST',
        url: '/v1/search/example',
        headers: { authorization: `Bearer ${fixture.keys[0]}` },
        payload: { query: 'install' },
      });
      const scraped = await metricsApp.inject({ url: '/metrics' });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toMatch(/docsmith_requests_total\{route="\/v1\/search\/:domain",status="200"\} 1/);
      expect((await metricsApp.inject({ url: '/v1/search/example' })).statusCode).toBe(404);
    } finally {
      await metricsApp.close();
    }
  });
});

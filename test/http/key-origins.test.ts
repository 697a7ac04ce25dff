import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

describe('keys limited to browser origins', () => {
  let directory: string;
  let app: FastifyInstance;
  let browserKey: string;
  let openKey: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-origins-'));
    await publishTestSite(path.join(directory, 'dist'), 'example');
    const keys = createKeyStore({ file: path.join(directory, 'data', 'keys.json') });
    browserKey = keys.create({ domains: ['example'], org: 'org', origins: ['https://docs.example.com'] }).key;
    openKey = keys.create({ domains: ['example'], org: 'org' }).key;
    app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(directory, { recursive: true, force: true });
  });
  const search = (key: string, origin?: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/search/example',
      headers: { authorization: `Bearer ${key}`, ...(origin ? { origin } : {}) },
      payload: { query: 'invoices' },
    });

  it('answers an allowed origin with CORS headers for it', async () => {
    const response = await search(browserKey, 'https://docs.example.com');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('https://docs.example.com');
  });

  it('refuses another origin with 403 forbidden_origin, a refusal that origin may read (so a widget can say why) and nothing else', async () => {
    const response = await search(browserKey, 'https://evil.example.net');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden_origin');
    expect(response.headers['access-control-allow-origin']).toBe('https://evil.example.net');
    expect(response.body).not.toContain('invoices');
  });

  it('lets a key without origins be used from anywhere, and servers (no Origin) use any key', async () => {
    expect((await search(openKey, 'https://anywhere.example.org')).headers['access-control-allow-origin']).toBe(
      'https://anywhere.example.org',
    );
    expect((await search(browserKey)).statusCode).toBe(200);
  });
});

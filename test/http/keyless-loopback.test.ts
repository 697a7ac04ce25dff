import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/http/build-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

describe('keyless requests from this machine (docsmith dev)', () => {
  let directory: string;
  let open: FastifyInstance;
  let closed: FastifyInstance;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-keyless-'));
    await publishTestSite(path.join(directory, 'artifacts'), 'example');
    const options = {
      artifactsDir: path.join(directory, 'artifacts'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory' as const,
    };
    open = await buildApp({ ...options, keylessLoopback: true });
    closed = await buildApp(options);
  });
  afterAll(async () => {
    await Promise.all([open.close(), closed.close()]);
    await rm(directory, { recursive: true, force: true });
  });

  const search = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/v1/search/example', remoteAddress, headers, payload: { query: 'invoices' } });

  it('answers a loopback caller without a key, IPv4 and IPv6 alike', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await search(open, address)).statusCode).toBe(200);
    expect(
      (await open.inject({ method: 'GET', url: '/v1/analytics/example/questions', remoteAddress: '127.0.0.1' }))
        .statusCode,
    ).toBe(200);
  });

  it('still asks every other caller for a key, and checks a key that is sent', async () => {
    expect((await search(open, '192.0.2.7')).json()).toMatchObject({ error: { code: 'missing_key' } });
    expect((await search(open, '127.0.0.1', { authorization: 'Bearer ds_000000000000_wrong' })).json()).toMatchObject({
      error: { code: 'invalid_key' },
    });
  });

  it('is off unless asked for', async () => {
    expect((await search(closed, '127.0.0.1')).json()).toMatchObject({ error: { code: 'missing_key' } });
  });
});

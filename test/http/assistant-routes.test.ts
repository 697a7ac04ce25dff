import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

describe('assistant HTTP API (inject)', () => {
  let directory: string;
  let app: FastifyInstance;
  let key: string;
  let otherKey: string;
  let ghostKey: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-http-'));
    await publishTestSite(path.join(directory, 'dist'), 'example', undefined, 'https://docs.example.com');
    await publishTestSite(path.join(directory, 'dist'), 'other');
    const keys = createKeyStore({ file: path.join(directory, 'data', 'keys.json') });
    key = keys.create({ domains: ['example'], org: 'org-1' }).key;
    otherKey = keys.create({ domains: ['other'], org: 'org-2' }).key;
    ghostKey = keys.create({ domains: ['ghost'], org: 'org-1' }).key;
    app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
      limits: { perKeyPerMonth: 1000 },
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(directory, { recursive: true, force: true });
  });

  const ask = (body: unknown, headers: Record<string, string> = {}, url = '/v1/assistant/example/message') =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('streams a data-stream answer with sources on the site URL and the thread id', async () => {
    const response = await ask({
      fp: 'fp-1',
      messages: [{ id: 'm1', role: 'user', content: 'How do I install the CLI?' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-vercel-ai-data-stream']).toBe('v1');
    const threadId = response.headers['x-thread-id'] as string;
    expect(threadId).toMatch(/^thr_/);
    expect(response.body).toContain(
      'h:{"sourceType":"url","id":"src_1","url":"https://docs.example.com/quickstart#install"',
    );
    expect(response.body).toContain('npm i -g example-cli');
    expect(response.body).toContain(`8:[{"type":"finish","threadId":"${threadId}"}]`);
    expect(response.headers['ratelimit-remaining']).toBeDefined();
  });

  it('negotiates the UI message stream for v2, Accept and v5 clients', async () => {
    const v2 = await ask(
      { fp: 'fp-1', messages: [{ id: 'm1', role: 'user', content: 'How do I install the CLI?' }] },
      {},
      '/v2/assistant/example/message',
    );
    expect(v2.headers['content-type']).toBe('text/event-stream');
    const parts = await ask({
      fp: 'fp-1',
      messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How do I install the CLI?' }] }],
      trigger: 'submit-message',
    });
    expect(parts.headers['x-vercel-ai-ui-message-stream']).toBe('v1');
    expect(parts.body).toContain('"type":"finish","messageMetadata":{"threadId":"');
    const accept = await ask(
      { fp: 'fp-1', messages: [{ id: 'm1', role: 'user', content: 'install' }] },
      { accept: 'text/event-stream' },
    );
    expect(accept.headers['content-type']).toBe('text/event-stream');
  });

  it('continues a thread and lists it for the fingerprint, never for another', async () => {
    const first = await ask({
      fp: 'fp-thread',
      messages: [{ id: 'u1', role: 'user', content: 'How do I install the CLI?' }],
    });
    const threadId = first.headers['x-thread-id'] as string;
    const second = await ask({
      fp: 'fp-thread',
      threadId,
      messages: [
        { id: 'u1', role: 'user', content: 'How do I install the CLI?' },
        { id: 'a1', role: 'assistant', content: '…' },
        { id: 'u2', role: 'user', content: 'and in CI?' },
      ],
    });
    expect(second.headers['x-thread-id']).toBe(threadId);
    expect(second.body).toContain('EXAMPLE_TOKEN');
    const stolen = await ask({
      fp: 'someone-else',
      threadId,
      messages: [{ id: 'u', role: 'user', content: 'billing' }],
    });
    expect(stolen.headers['x-thread-id']).not.toBe(threadId);
    const listed = await app.inject({
      method: 'GET',
      url: '/v1/assistant/example/threads?fp=fp-thread',
      headers: { authorization: `Bearer ${key}` },
    });
    const threads = listed.json().threads as { threadId: string; messages: { role: string; text: string }[] }[];
    expect(threads.map((thread) => thread.threadId)).toEqual([threadId]);
    expect(threads[0]?.messages.map((message) => message.text).filter((_, index) => index % 2 === 0)).toEqual([
      'How do I install the CLI?',
      'and in CI?',
    ]);
  });

  it('answers searches as [{content, path, metadata}]', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/search/example',
      headers: { authorization: `Bearer ${key}` },
      payload: { query: 'invoices' },
    });
    expect(response.statusCode).toBe(200);
    const results = response.json() as { content: string; path: string; metadata: { title: string } }[];
    expect(results[0]).toMatchObject({ path: '/billing', metadata: { title: 'Billing' } });
    expect(results[0]?.content).toContain('Invoices are emailed');
  });

  it("accepts the platform's documented search body (pageSize, scoreThreshold, filter with version, language, tag and groups)", async () => {
    const searchFor = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/v1/search/example',
        headers: { authorization: `Bearer ${key}` },
        payload: body,
      });
    const all = (await searchFor({ query: 'the CLI login', pageSize: 10 })).json() as {
      path: string;
      metadata: { score: number };
    }[];
    expect(all.length).toBeGreaterThan(1);
    const best = all[0]?.metadata.score as number;
    const kept = (await searchFor({ query: 'the CLI login', pageSize: 10, scoreThreshold: 0.99 })).json() as {
      path: string;
      metadata: { score: number };
    }[];
    expect(kept.map((result) => result.path)).toEqual(
      all.filter((result) => result.metadata.score >= 0.99 * best).map((result) => result.path),
    );
    expect(kept.length).toBeLessThan(all.length);
    expect((await searchFor({ query: 'the CLI login', scoreThreshold: 0 })).json()).toHaveLength(all.length);
    const filtered = await searchFor({
      query: 'invoices',
      pageSize: 5,
      scoreThreshold: 0.5,
      filter: { version: 'v1', language: 'en', tag: 'NEW', groups: ['Start'] },
      clientField: true,
    });
    expect([filtered.statusCode, filtered.json()]).toEqual([200, []]);
    expect((await searchFor({ query: 'invoices', scoreThreshold: 2 })).json()).toMatchObject({
      error: { code: 'invalid_body', field: 'scoreThreshold' },
    });
  });

  it.each([
    ['no key', {}, 401, 'missing_key'],
    ['a malformed header', { authorization: 'Token abc' }, 401, 'invalid_key'],
    [
      'an unknown key',
      { authorization: 'Bearer ds_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      401,
      'invalid_key',
    ],
  ])('refuses %s with $2', async (_name, headers, status, code) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/assistant/example/message',
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{}',
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { code } });
  });

  it('refuses a key of another domain (403) and an unknown domain (404)', async () => {
    const forbidden = await ask(
      { fp: 'x', messages: [{ role: 'user', content: 'hi' }] },
      { authorization: `Bearer ${otherKey}` },
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden_domain');
    const unknown = await app.inject({
      method: 'POST',
      url: '/v1/assistant/ghost/message',
      headers: { authorization: `Bearer ${ghostKey}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('unknown_domain');
  });

  it('names the failing field on 400, and answers 413 and 415', async () => {
    const badFilter = await ask({ fp: 'x', messages: [{ role: 'user', content: 'hi' }], filter: { colour: 'red' } });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().error).toMatchObject({ code: 'invalid_body', field: 'filter.colour' });
    const pageSize = await ask({ fp: 'x', messages: [{ role: 'user', content: 'hi' }], retrievalPageSize: 500 });
    expect(pageSize.json().error.field).toBe('retrievalPageSize');
    const noFp = await ask({ messages: [{ role: 'user', content: 'hi' }] });
    expect(noFp.json().error.field).toBe('fp');
    const tooLarge = await ask({ fp: 'x', messages: [{ role: 'user', content: 'x'.repeat(2 * 1024 * 1024) }] });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('body_too_large');
    const wrongType = await ask('question=hi', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(wrongType.statusCode).toBe(415);
    const notJson = await ask('{"fp":');
    expect(notJson.statusCode).toBe(400);
  });

  it('never answers client garbage with a 500', async () => {
    const bodies = [
      '',
      'null',
      '[]',
      '"text"',
      '{"fp":1,"messages":"x"}',
      '{"fp":"x","messages":[{"role":"robot"}]}',
      '{"fp":"x","messages":[{"role":"user","parts":"nope"}]}',
      '{"fp":"x","messages":[{"role":"user","content":""}]}',
      '{"fp":"x","messages":[{"role":"user","parts":[{"type":"image"}]}]}',
      `{"fp":"x","messages":[${'{"role":"user","content":"a"},'.repeat(300)}{"role":"user","content":"a"}]}`,
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString('latin1'),
      '{"fp":"x","messages":[{"role":"user","content":"hi"}],"threadId":{"$ne":1}}',
    ];
    for (let index = 0; index < 40; index += 1)
      bodies.push(
        Buffer.from(Array.from({ length: 64 }, (_, position) => (index * 31 + position * 17) % 256)).toString('latin1'),
      );
    for (const body of bodies) {
      const response = await ask(body);
      expect(response.statusCode, body.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body.slice(0, 80)).toBeLessThan(500);
      expect(response.json().error.code).toMatch(/^[a-z_]+$/);
    }
  });

  it('reports health, readiness and metrics', async () => {
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(
      /docsmith_requests_total\{route="\/v1\/assistant\/:domain\/message",status="200"\} \d+/,
    );
  });
});

describe('rate limits over HTTP', () => {
  it('answers 429 with Retry-After and RateLimit headers once the key is exhausted', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-http-limit-'));
    await publishTestSite(path.join(directory, 'dist'), 'example');
    const key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
      domains: ['example'],
      org: 'o',
    }).key;
    const app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limits: { perKeyPerMonth: 2 },
    });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/v1/search/example',
        headers: { authorization: `Bearer ${key}` },
        payload: { query: 'install' },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    await app.close();
    await rm(directory, { recursive: true, force: true });
  });
});

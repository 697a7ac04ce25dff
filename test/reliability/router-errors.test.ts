import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

describe('router errors answer with the catalogue', () => {
  let fixture: ReliabilityFixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
    app = await fixture.build({ limitStore: 'memory' });
  });
  afterAll(() => fixture.cleanup());

  it.each([
    ['a path parameter too long', 'POST', `/v1/assistant/${'d'.repeat(5000)}/message`, 414, 'uri_too_long'],
    ['a malformed URL', 'POST', '/v1/assistant/%E0%A4%A/message', 400, 'invalid_url'],
    ['a malformed URL on a GET', 'GET', '/v1/assistant/%zz/threads?fp=x', 400, 'invalid_url'],
    ['a wrong method', 'DELETE', '/v1/assistant/example/message', 405, 'method_not_allowed'],
    ['a GET of a POST route', 'GET', '/v1/search/example', 405, 'method_not_allowed'],
    ['an unknown route', 'GET', '/v1/secret-admin-panel-token-abc', 404, 'not_found'],
  ])('%s → %i %s, without echoing the URL', async (_name, method, url, status, code) => {
    const hasBody = method === 'POST';
    const response = await app.inject({
      method: method as 'GET',
      url,
      ...(hasBody ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : {}),
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json() as { error: { code: string; message: string } };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toBe(code);
    if (status === 405) expect(response.headers.allow).toMatch(/^[A-Z, ]+$/);
    expect(response.body).not.toContain('%E0');
    expect(response.body).not.toContain('%zz');
    expect(response.body).not.toContain('ddddd');
    expect(response.body).not.toContain('secret-admin');
  });

  it.each([
    ['DELETE', '/v1/assistant/example/message', 405, 'method_not_allowed'],
    ['POST', '/v1/nothing-here', 404, 'not_found'],
  ])('answers %s %s with a broken JSON body by its route first: %i %s', async (method, url, status, code) => {
    const response = await app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect([response.statusCode, response.json().error.code]).toEqual([status, code]);
  });

  it('answers a page path past 1,024 characters with 414 uri_too_long, not a body error of a GET', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/sites/example/${'p'.repeat(1100)}.md`,
      headers: { authorization: `Bearer ${fixture.keys[0]}` },
    });
    expect([response.statusCode, response.json().error.code]).toEqual([414, 'uri_too_long']);
  });

  it('answers an OPTIONS request that is not a preflight with 204, not a text/plain 400', async () => {
    const response = await app.inject({ method: 'OPTIONS', url: '/v1/search/example' });
    expect(response.statusCode).toBe(204);
  });
});

describe("Node's HTTP parser errors answer with the catalogue", () => {
  let fixture: ReliabilityFixture;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
    app = await fixture.build({ limitStore: 'memory' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await fixture.cleanup();
  });

  /** Sends raw bytes on a new connection and resolves with all the server wrote before closing it. */
  function exchange(bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it.each([
    [
      'headers past 16 KiB',
      `GET /v1/page/example?path=${'p'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    [
      'a malformed Content-Length',
      'POST /v1/search/example HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      400,
      'bad_request',
    ],
    ['an unknown method', 'BREW /v1/search/example HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request'],
  ])('%s → %i %s, the URL not echoed', async (_name, bytes, status, code) => {
    const answer = await exchange(bytes);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) } });
    expect(body).not.toContain('ppppp');
  });
});

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
});

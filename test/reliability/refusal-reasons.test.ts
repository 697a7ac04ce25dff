import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

const question = '"fp":"x","messages":[{"role":"user","content":"How do I install the CLI?"}]';

describe('every refusal names its reason', () => {
  let fixture: ReliabilityFixture;
  let app: FastifyInstance;
  let browserKey: string;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
    browserKey = createKeyStore({ file: path.join(fixture.dataDir, 'keys.json') }).create({
      domains: ['example'],
      org: 'org-1',
      origins: ['https://docs.secret-staging.example.com'],
    }).key;
    app = await fixture.build({ limitStore: 'memory' });
  });
  afterAll(() => fixture.cleanup());

  const post = (payload: string, contentType = 'application/json', url = '/v1/assistant/example/message') =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${fixture.keys[0]}`, 'content-type': contentType },
      payload,
    });

  it.each([
    ['a top-level __proto__', `{${question},"__proto__":{"admin":true}}`, '__proto__', '__proto__'],
    [
      'a nested __proto__',
      `{"fp":"x","messages":[{"role":"user","content":"hi","__proto__":{"x":1}}]}`,
      '__proto__',
      'messages.0.__proto__',
    ],
    ['an escaped __proto__', `{${question},"filter":{"\\u005f_proto__":{}}}`, '__proto__', 'filter.__proto__'],
    [
      'constructor.prototype',
      `{${question},"metadata":{"constructor":{"prototype":{"polluted":1}}}}`,
      'constructor.prototype',
      'metadata.constructor.prototype',
    ],
  ])('refuses %s with 400 naming the forbidden key', async (_name, payload, key, field) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const error = (response.json() as { error: { code: string; message: string; field: string } }).error;
    expect(error.code).toBe('forbidden_key');
    expect(error.field).toBe(field);
    expect(error.message).toContain(`\`${key}\``);
    expect(error.message).not.toMatch(/not valid JSON/);
  });

  it('keeps "constructor" as an ordinary key when it holds no prototype, and still calls broken JSON broken', async () => {
    expect((await post(`{${question},"metadata":{"constructor":"a class"}}`)).statusCode).toBe(200);
    const broken = await post('{"fp":');
    expect(broken.json()).toEqual({
      error: { code: 'invalid_body', message: 'The request body is not valid JSON.', field: 'body' },
    });
  });

  it.each(['latin1', 'ISO-8859-1', 'utf-16'])('refuses charset=%s with 415 naming the charset', async (charset) => {
    const response = await post(`{${question}}`, `application/json; charset=${charset}`);
    expect(response.statusCode).toBe(415);
    const error = (response.json() as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('unsupported_charset');
    expect(error.message).toContain(`"${charset}"`);
    expect(error.message).toMatch(/UTF-8/);
  });

  it('accepts UTF-8 however it is spelled, and answers a charset it cannot name without echoing it', async () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/json;charset=UTF8',
      'application/json; charset="utf-8"',
    ])
      expect((await post(`{${question}}`, type)).statusCode, type).toBe(200);
    const odd = await post(`{${question}}`, `application/json; charset=${'x'.repeat(80)}<script>`);
    expect(odd.statusCode).toBe(415);
    expect(odd.body).not.toContain('<script>');
    expect(odd.body).not.toContain('x'.repeat(80));
  });

  it('refuses the same way on the search route', async () => {
    expect(
      (await post('{"query":"install","__proto__":{}}', 'application/json', '/v1/search/example')).json().error.code,
    ).toBe('forbidden_key');
    expect(
      (await post('{"query":"install"}', 'application/json; charset=latin1', '/v1/search/example')).statusCode,
    ).toBe(415);
  });

  it('answers forbidden_origin without listing the origins the key allows', async () => {
    const request = askRequest(browserKey, `{${question}}`);
    const response = await app.inject({
      ...request,
      headers: { ...request.headers, origin: 'https://evil.example.net' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden_origin');
    expect(response.body).not.toContain('secret-staging');
    expect(response.body).not.toContain('evil.example.net');
  });
});

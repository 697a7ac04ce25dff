import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/http/build-app.ts';
import { versionedSiteFiles } from '../helpers/mcp-test-site.ts';
import { startKeyedTestApp, type KeyedTestApp } from '../helpers/keyed-test-app.ts';

const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

/** A tools/call message of the search tool. */
const searchCall = (id: number, query = 'install') => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search', arguments: { query } },
});

describe("bad input to the MCP server: each a protocol-correct error, no 5xx, nothing served outside the domain's build", () => {
  let testApp: KeyedTestApp;
  let directory: string;
  let app: FastifyInstance;
  let baseUrl: string;
  let key: string;
  let client: Client;
  beforeAll(async () => {
    testApp = await startKeyedTestApp({
      prefix: 'docsmith-mcp-bad-',
      sites: [
        { domain: 'example', files: versionedSiteFiles() },
        { domain: 'open', files: versionedSiteFiles('Open') },
      ],
      app: { publicDocs: ['open', 'ghost'] },
    });
    ({ app, key, directory } = testApp);
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    client = new Client({ name: 'docsmith-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/example`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
  });
  afterAll(async () => {
    await client.close();
    await testApp.close();
  });

  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = { ...MCP_HEADERS, authorization: `Bearer ${key}` },
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url,
      headers,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const toolText = (result: Awaited<ReturnType<Client['callTool']>>): string =>
    (result.content as { text: string }[])[0]?.text ?? '';

  it.each([
    ['an unknown tool', { name: 'delete_everything', arguments: {} }, /Tool delete_everything not found/],
    [
      'a number for the query',
      { name: 'search', arguments: { query: 42 } },
      /Input validation error: .*expected string, received number at query/,
    ],
    [
      'pageSize 0',
      { name: 'search', arguments: { query: 'install', pageSize: 0 } },
      /Input validation error: .*pageSize/,
    ],
    [
      'pageSize 500',
      { name: 'search', arguments: { query: 'install', pageSize: 500 } },
      /Input validation error: .*pageSize/,
    ],
    [
      'a fractional pageSize',
      { name: 'search', arguments: { query: 'install', pageSize: 2.5 } },
      /Input validation error: .*pageSize/,
    ],
    [
      'scoreThreshold 2',
      { name: 'search', arguments: { query: 'install', scoreThreshold: 2 } },
      /Input validation error: .*scoreThreshold/,
    ],
    ['a blank query', { name: 'search', arguments: { query: '   ' } }, /^Unexpected blank `query`/],
    [
      'a 1 MB query',
      { name: 'search', arguments: { query: 'install '.repeat(125_000) } },
      /Input validation error: .*query/,
    ],
    ['no path for get_page', { name: 'get_page', arguments: {} }, /Input validation error: .*path/],
    [
      'an object for the path',
      { name: 'get_page', arguments: { path: { file: '/etc/passwd' } } },
      /Input validation error: .*path/,
    ],
  ])('%s is a tool error the agent can read', async (_case, call, message) => {
    const result = await client.callTool(call);
    expect(result.isError).toBe(true);
    expect(toolText(result)).toMatch(message);
  });

  it.each([
    '../../data/keys.json',
    '/cli/../../../data/keys.json',
    '..%2F..%2Fdata%2Fkeys.json',
    '%2e%2e/%2e%2e/current',
    '....//manifest',
    'pages/../../current',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    '\0',
    'https://evil.example/../../data/keys.json',
  ])("get_page %j reads nothing outside the build's pages", async (requested) => {
    const result = await client.callTool({ name: 'get_page', arguments: { path: requested } });
    expect(result.isError).toBe(true);
    expect(toolText(result)).toMatch(/^(Unexpected path|No page)/);
    expect(toolText(result)).not.toMatch(/"hash"|buildId|"keys"/);
  });

  it('a JSON-RPC batch of 10,000 calls: 400 Invalid Request, and none of it spends the budget', async () => {
    const before = await post('/mcp/example', searchCall(1));
    const batch = await post(
      '/mcp/example',
      Array.from({ length: 10_000 }, (_, index) => searchCall(index + 1, 'x')),
    );
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringContaining('Batch must not exceed') },
    });
    const after = await post('/mcp/example', searchCall(2));
    expect(Number(after.headers['ratelimit-remaining'])).toBe(Number(before.headers['ratelimit-remaining']) - 1);
    expect(after.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 2,
      result: { structuredContent: { results: expect.any(Array) } },
    });
  });

  it('a small batch is answered, each call counted', async () => {
    const before = await post('/mcp/example', searchCall(1));
    const batch = await post('/mcp/example', [
      searchCall(1),
      searchCall(2, 'billing'),
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
    ]);
    expect(batch.statusCode).toBe(200);
    expect((batch.json() as { id: number }[]).map((response) => response.id).sort()).toEqual([1, 2, 3]);
    expect(Number(batch.headers['ratelimit-remaining'])).toBe(Number(before.headers['ratelimit-remaining']) - 2);
  });

  it.each([
    ['no Accept header', { 'content-type': 'application/json' }, 406, -32000, /Not Acceptable/],
    [
      'an Accept header without text/event-stream',
      { 'content-type': 'application/json', accept: 'application/json' },
      406,
      -32000,
      /Not Acceptable/,
    ],
    [
      'an HTML Accept header',
      { 'content-type': 'application/json', accept: 'text/html' },
      406,
      -32000,
      /Not Acceptable/,
    ],
    [
      'a text/plain body',
      { 'content-type': 'text/plain', accept: MCP_HEADERS.accept },
      415,
      -32000,
      /application\/json/,
    ],
  ])('%s: a JSON-RPC error with the HTTP status %s', async (_case, headers, status, code, message) => {
    const response = await post('/mcp/example', searchCall(1), { ...headers, authorization: `Bearer ${key}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code, message: expect.stringMatching(message) },
    });
  });

  it('a body that is not JSON, not JSON-RPC, or too large: 4xx JSON-RPC errors', async () => {
    const notJson = await post('/mcp/example', '{"jsonrpc":');
    expect([notJson.statusCode, notJson.json().error.code]).toEqual([400, -32700]);
    const notRpc = await post('/mcp/example', { hello: 'world' });
    expect([notRpc.statusCode, notRpc.json().error.code]).toEqual([400, -32700]);
    const polluting = await post('/mcp/example', '{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"x":1}}');
    expect([polluting.statusCode, polluting.json().error.data?.code]).toEqual([400, 'forbidden_key']);
    const latin1 = await post('/mcp/example', searchCall(1), {
      ...MCP_HEADERS,
      'content-type': 'application/json; charset=latin1',
      authorization: `Bearer ${key}`,
    });
    expect([latin1.statusCode, latin1.json().error.data?.code]).toEqual([415, 'unsupported_charset']);
    const tooLarge = await post('/mcp/example', searchCall(1, 'x'.repeat(1_100_000)));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, data: { code: 'body_too_large' } },
    });
  });

  it.each([
    [
      'tools/call',
      { name: 'search', arguments: [] },
      '`params.arguments`: Invalid input: expected record, received array.',
    ],
    ['tools/call', { name: 1 }, '`params.name`: Invalid input: expected string, received number.'],
    ['initialize', {}, '`params.protocolVersion`: Invalid input: expected string, received undefined.'],
    ['tools/list', { cursor: 1 }, '`params.cursor`: Invalid input: expected string, received number.'],
  ])(
    '%s with params %j: 200 and -32602 Invalid params naming the field, not -32603 with a schema dump',
    async (method, params, why) => {
      const response = await post('/mcp/example', { jsonrpc: '2.0', id: 7, method, params });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32602, message: `Invalid params of \`${method}\`: ${why}` },
      });
    },
  );

  it("keys and domains: 401 without a key, 401 for a wrong one, 403 for another domain's, 404 for a public domain with no site; JSON-RPC errors", async () => {
    const cases: [string, Record<string, string>, number, string][] = [
      ['/mcp/example', {}, 401, 'missing_key'],
      ['/mcp/example', { authorization: 'Bearer ds_000000000000_notakey' }, 401, 'invalid_key'],
      ['/mcp/nowhere', { authorization: `Bearer ${key}` }, 403, 'forbidden_domain'],
      ['/mcp/nowhere', {}, 401, 'missing_key'],
      ['/mcp/ghost', {}, 404, 'unknown_domain'],
      ['/mcp/..%2Fexample', {}, 401, 'missing_key'],
    ];
    for (const [url, headers, status, code] of cases) {
      const response = await post(url, searchCall(1), { ...MCP_HEADERS, ...headers });
      expect([url, response.statusCode], JSON.stringify(headers)).toEqual([url, status]);
      expect(response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code } } });
    }
  });

  it('GET and DELETE: 405 with Allow: POST (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/mcp/example', headers: { accept: 'text/event-stream' } });
      expect([response.statusCode, response.headers.allow]).toEqual([405, 'POST']);
      expect(response.json()).toMatchObject({
        jsonrpc: '2.0',
        error: { code: -32000, data: { code: 'method_not_allowed' } },
      });
    }
  });

  it('a public domain answers without a key, its calls counted per client IP', async () => {
    const response = await post('/mcp/open', searchCall(7, 'billing'), MCP_HEADERS);
    expect(response.statusCode).toBe(200);
    expect(response.headers['ratelimit-limit']).toBe('10000');
    expect(response.json()).toMatchObject({
      id: 7,
      result: { structuredContent: { results: [{ path: '/billing' }] } },
    });
    const listed = await post('/mcp/open', { jsonrpc: '2.0', id: 8, method: 'tools/list' }, MCP_HEADERS);
    expect(listed.headers['ratelimit-limit']).toBeUndefined();
  });

  it("a public domain past a client's limit: 429 naming the IP address's limit, Retry-After set", async () => {
    const limited = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
      limits: { perKeyPerMonth: 1 },
      publicDocs: ['open'],
    });
    try {
      const call = () =>
        limited.inject({ method: 'POST', url: '/mcp/open', headers: MCP_HEADERS, payload: searchCall(1) });
      expect((await call()).statusCode).toBe(200);
      const refused = await call();
      expect([refused.statusCode, Number(refused.headers['retry-after']) > 0]).toEqual([429, true]);
      expect(refused.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: expect.stringMatching(/^Rate limit exceeded \(monthly limit of this IP address\)/),
          data: { code: 'rate_limited' },
        },
      });
    } finally {
      await limited.close();
    }
  });
});

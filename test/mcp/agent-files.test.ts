import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/http/build-app.ts';
import { parseSiteHost } from '../../runtime/http/site-hosts.ts';
import { versionedSiteFiles } from '../helpers/mcp-test-site.ts';
import { startKeyedTestApp, type KeyedTestApp } from '../helpers/keyed-test-app.ts';

const DISCOVERY = [
  '.well-known/mcp',
  '.well-known/mcp.json',
  '.well-known/mcp/server-card.json',
  '.well-known/mcp/server-cards.json',
];

describe('the files agents read: llms.txt, llms-full.txt, <page>.md and the MCP discovery documents', () => {
  let testApp: KeyedTestApp;
  let directory: string;
  let app: FastifyInstance;
  let key: string;
  let buildDir: string;
  beforeAll(async () => {
    testApp = await startKeyedTestApp({
      prefix: 'docsmith-agent-files-',
      sites: [
        { domain: 'example', files: versionedSiteFiles() },
        { domain: 'open', files: versionedSiteFiles('Open') },
      ],
      app: {
        publicDocs: ['open'],
        siteHosts: ['docs.open.test=open', 'www.open.test/docs=open'].map(parseSiteHost),
      },
    });
    ({ app, key, directory } = testApp);
    buildDir = path.join(directory, 'dist', 'open', 'builds', testApp.buildIds.open as string);
    await writeFile(path.join(directory, 'secret.md'), 'SECRET OUTSIDE THE BUILD\n');
    await symlink(path.join(directory, 'secret.md'), path.join(buildDir, 'pages', 'leak.md'));
    await mkdir(path.join(directory, 'outside'));
    await writeFile(path.join(directory, 'outside', 'page.md'), 'SECRET OUTSIDE THE BUILD\n');
    await symlink(path.join(directory, 'outside'), path.join(buildDir, 'pages', 'linked'));
  });
  afterAll(() => testApp.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { host: 'runtime.test', ...headers } });

  it("serves llms.txt, llms-full.txt and each page's Markdown of a public domain as the build wrote them, with ETag and Cache-Control", async () => {
    for (const [file, type] of [
      ['llms.txt', 'text/plain; charset=utf-8'],
      ['llms-full.txt', 'text/plain; charset=utf-8'],
      ['cli/configure.md', 'text/markdown; charset=utf-8'],
      ['v1/quickstart.md', 'text/markdown; charset=utf-8'],
    ] as const) {
      const response = await get(`/sites/open/${file}`);
      expect([file, response.statusCode, response.headers['content-type'], response.headers['cache-control']]).toEqual([
        file,
        200,
        type,
        'public, max-age=300',
      ]);
      expect(response.body).toBe(
        await readFile(path.join(buildDir, file.endsWith('.md') ? `pages/${file}` : file), 'utf8'),
      );
      const again = await get(`/sites/open/${file}`, { 'if-none-match': String(response.headers.etag) });
      expect([again.statusCode, again.body]).toEqual([304, '']);
    }
    expect((await get('/sites/open/llms.txt')).body).toContain('- [Configure the CLI](cli/configure.md): Settings.');
    expect((await app.inject({ method: 'HEAD', url: '/sites/open/quickstart.md' })).statusCode).toBe(200);
  });

  it('serves llms.txt and llms-full.txt under .well-known/ too, as the platform does, and at a site host root', async () => {
    for (const file of ['llms.txt', 'llms-full.txt']) {
      const expected = await readFile(path.join(buildDir, file), 'utf8');
      for (const [url, host] of [
        [`/sites/open/.well-known/${file}`, 'runtime.test'],
        [`/.well-known/${file}`, 'docs.open.test'],
      ] as const) {
        const response = await get(url, { host });
        expect([url, response.statusCode, response.headers['content-type'], response.body]).toEqual([
          url,
          200,
          'text/plain; charset=utf-8',
          expected,
        ]);
      }
    }
    expect((await get('/sites/open/.well-known/manifest.json')).statusCode).toBe(404);
  });

  it('answers the four discovery documents with the MCP endpoint as the request reached it', async () => {
    const documents = await Promise.all(
      DISCOVERY.map(async (file) => (await get(`/sites/open/${file}`)).json() as Record<string, unknown>),
    );
    expect(documents[0]).toEqual({
      version: expect.any(String),
      transport: 'http',
      url: 'http://runtime.test/sites/open/mcp',
      servers: [
        { name: 'public', url: 'http://runtime.test/sites/open/mcp', transport: 'http', authentication: 'none' },
      ],
    });
    expect(documents[1]).toEqual(documents[0]);
    expect(documents[2]).toMatchObject({
      name: 'open-docs',
      url: 'http://runtime.test/sites/open/mcp',
      authentication: 'none',
      capabilities: { tools: true },
    });
    expect(
      (documents[2] as { tools: { name: string; inputSchema: { properties: object } }[] }).tools.map((tool) => [
        tool.name,
        Object.keys(tool.inputSchema.properties),
      ]),
    ).toEqual([
      ['search', ['query', 'pageSize', 'scoreThreshold', 'version', 'language']],
      ['get_page', ['path']],
    ]);
    expect(documents[3]).toEqual({ servers: [documents[2]] });
    const forwarded = (await get('/sites/open/.well-known/mcp', { 'x-forwarded-proto': 'https' })).json() as {
      url: string;
    };
    expect(forwarded.url).toBe('http://runtime.test/sites/open/mcp');
  });

  it('behind a trusted proxy, the addresses take the scheme and host it reports', async () => {
    const proxied = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
      publicDocs: ['open'],
      trustProxy: 1,
    });
    try {
      const response = await proxied.inject({
        url: '/sites/open/.well-known/mcp',
        headers: { host: 'internal:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'docs.open.example' },
      });
      expect((response.json() as { url: string }).url).toBe('https://docs.open.example/sites/open/mcp');
    } finally {
      await proxied.close();
    }
  });

  it('a keyed domain: 401 without a key, with one the same files, cached privately, discovery saying bearer', async () => {
    expect((await get('/sites/example/llms.txt')).json()).toMatchObject({ error: { code: 'missing_key' } });
    expect((await get('/sites/example/.well-known/mcp')).statusCode).toBe(401);
    const file = await get('/sites/example/quickstart.md', { authorization: `Bearer ${key}` });
    expect([file.statusCode, file.headers['cache-control']]).toEqual([200, 'private, max-age=300']);
    expect((await get('/sites/example/.well-known/mcp', { authorization: `Bearer ${key}` })).json()).toMatchObject({
      servers: [{ name: 'authenticated', authentication: 'bearer' }],
    });
  });

  it('an unknown page is a 404 naming the closest pages; an unknown file or domain a 404', async () => {
    expect((await get('/sites/open/cli/configur.md')).json()).toEqual({
      error: {
        code: 'page_not_found',
        message:
          'No page /cli/configur in the current build of open. Closest: /cli/configure.md, /billing.md, /quickstart.md.',
      },
    });
    expect((await get('/sites/open/robots.txt')).json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await get('/sites/nowhere/llms.txt')).json()).toMatchObject({ error: { code: 'missing_key' } });
    // A crafted path cannot make the message say something else: only path characters are repeated, 100 at most.
    const crafted = await get(
      `/sites/open/${encodeURIComponent(`Your account is locked, call +1 555 0100${'!'.repeat(200)}`)}.md`,
    );
    expect(crafted.json().error.message).toMatch(
      /^No page \/Your\?account\?is\?locked\?\?call\?\?1\?555\?0100\?+… in the current build of open\./,
    );
  });

  it.each([
    '/sites/open/manifest.json',
    '/sites/open/search.json',
    '/sites/open/..%2F..%2F..%2Fsecret.md',
    '/sites/open/%2e%2e/%2e%2e/%2e%2e/secret.md',
    '/sites/open/pages/../../../../secret.md',
    '/sites/open/leak.md',
    '/sites/open/linked/page.md',
    '/sites/open/.well-known/../manifest.json',
    '/sites/open/%00.md',
  ])("%s serves nothing outside the build's files agents read", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('SECRET');
    expect(response.body).not.toContain('"buildId"');
  });

  it('a site host serves /llms.txt, /<page>.md, /.well-known/mcp and /mcp at its root (or base path), and leaves every other path alone', async () => {
    const llms = await get('/llms.txt', { host: 'docs.open.test' });
    expect([llms.statusCode, llms.body]).toEqual([200, await readFile(path.join(buildDir, 'llms.txt'), 'utf8')]);
    expect((await get('/cli/configure.md?ref=agent', { host: 'DOCS.open.test:8443' })).body).toMatch(
      /^# Configure the CLI\n/,
    );
    expect((await get('/.well-known/mcp', { host: 'docs.open.test' })).json()).toMatchObject({
      url: 'http://docs.open.test/mcp',
    });
    expect((await get('/docs/.well-known/mcp/server-card.json', { host: 'www.open.test' })).json()).toMatchObject({
      url: 'http://www.open.test/docs/mcp',
    });
    expect((await get('/docs/quickstart.md', { host: 'www.open.test' })).body).toMatch(/^# Quickstart\n/);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'proxy-test', version: '1' } },
    };
    const mcp = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        host: 'docs.open.test',
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      payload: initialize,
    });
    expect(mcp.json()).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'open-docs', title: 'Open documentation' } },
    });
    expect((await get('/healthz', { host: 'docs.open.test' })).statusCode).toBe(200);
    expect((await get('/llms.txt')).json()).toMatchObject({ error: { code: 'not_found' } });
    const unmapped = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        host: 'runtime.test',
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      payload: initialize,
    });
    expect([unmapped.statusCode, unmapped.json().error.message]).toEqual([
      404,
      expect.stringContaining('/sites/<domain>/mcp'),
    ]);
    expect((await get('/quickstart.md', { host: 'www.open.test' })).statusCode).toBe(404);
  });
});

describe('the first click: without a site URL, citations link to the page Markdown the runtime serves', () => {
  let testApp: KeyedTestApp;
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    testApp = await startKeyedTestApp({ prefix: 'docsmith-first-click-', app: { publicDocs: ['example'] } });
    ({ app, key } = testApp);
  });
  afterAll(() => testApp.close());

  it("the answer's source URL, absolute under the runtime's address, opens the cited page", async () => {
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const urls = await sourceUrls(baseUrl, key, 'first-click');
    expect(urls[0]).toBe(`${baseUrl}/sites/example/cli/configure.md#tokens-in-ci`);
    const page = await fetch(urls[0] as string);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/markdown; charset=utf-8']);
    expect(await page.text()).toContain('Set EXAMPLE_TOKEN to skip the interactive login step');
  });
});

describe('the first click on a keyed domain: citation links are signed for the key that asked', () => {
  let testApp: KeyedTestApp;
  beforeAll(async () => {
    testApp = await startKeyedTestApp({ prefix: 'docsmith-signed-click-' });
  });
  afterAll(() => testApp.close());

  it('opens the cited page without a key, that page only, until the key is revoked', async () => {
    const { app, key, keys } = testApp;
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const urls = await sourceUrls(baseUrl, key, 'signed-click');
    const [keyId] = /^ds_([0-9a-f]{12})_/.exec(key)?.slice(1) ?? [];
    expect(urls[0]).toMatch(
      new RegExp(
        `^${baseUrl.replaceAll('.', '\\.')}/sites/example/cli/configure\\.md\\?sig=${keyId}\\.[\\w-]{22}#tokens-in-ci$`,
      ),
    );
    const link = urls[0] as string;
    const page = await fetch(link);
    expect([page.status, page.headers.get('cache-control')]).toEqual([200, expect.stringContaining('private')]);
    expect(await page.text()).toContain('Set EXAMPLE_TOKEN to skip the interactive login step');

    const refusals = [
      link.replace('cli/configure.md', 'quickstart.md'),
      link.replace('?sig=', '?sig=0'),
      link.replace('/sites/example/cli/configure.md', '/sites/example/llms.txt'),
      `${baseUrl}/sites/example/cli/configure.md`,
    ];
    for (const refused of refusals) expect((await fetch(refused)).status, refused).toBe(401);
    expect(keys.revoke(keyId as string)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await fetch(link)).status).toBe(401);
  });
});

/** The source URLs of the answer to "Which variable skips the login in CI?", asked with the AI SDK's own client on `/v2`. */
async function sourceUrls(baseUrl: string, key: string, fingerprint: string): Promise<string[]> {
  const transport = new DefaultChatTransport<UIMessage>({
    api: `${baseUrl}/v2/assistant/example/message`,
    headers: { authorization: `Bearer ${key}` },
    body: { fp: fingerprint },
  });
  const chunks = await transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'c1',
    messageId: undefined,
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Which variable skips the login in CI?' }] }],
    abortSignal: undefined,
  });
  let message: UIMessage | undefined;
  for await (const update of readUIMessageStream({ stream: chunks })) message = update;
  return message?.parts.flatMap((part) => (part.type === 'source-url' ? [part.url] : [])) ?? [];
}

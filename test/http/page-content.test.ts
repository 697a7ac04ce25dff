import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { startKeyedTestApp, type KeyedTestApp } from '../helpers/keyed-test-app.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';

describe('content for docs tools: llms.txt, llms-full.txt, a Markdown file per page', () => {
  it('are written by the build, only for indexed pages', async () => {
    const files: Record<string, string> = {
      ...testSiteFiles(),
      'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n\nHidden text.\n',
    };
    const docs = JSON.parse(files['docs.json'] as string) as {
      navigation: { groups: { pages: string[] }[] };
      description?: string;
    };
    docs.navigation.groups[0]?.pages.push('secret');
    docs.description = 'The Example CLI docs.';
    const result = await buildSite(siteSourceFromObject({ ...files, 'docs.json': JSON.stringify(docs) }), {
      domain: 'example',
      siteUrl: 'https://docs.example.com/',
    });
    expect([...result.files.keys()]).toEqual([
      'manifest.json',
      'search.json',
      'llms-full.txt',
      'llms.txt',
      'pages/billing.md',
      'pages/cli/configure.md',
      'pages/quickstart.md',
    ]);
    expect(result.files.get('llms.txt')).toMatchInlineSnapshot(`
      "# Example

      > The Example CLI docs.

      ## Start

      - [Quickstart](https://docs.example.com/quickstart.md): Install and log in.
      - [Configure the CLI](https://docs.example.com/cli/configure.md): Settings.
      - [Billing](https://docs.example.com/billing.md): Plans and invoices.
      "
    `);
    expect(result.files.get('pages/cli/configure.md')).toMatchInlineSnapshot(`
      "# Configure the CLI

      > Settings.

      The CLI reads its settings from ~/.example/config.toml on every run.

      ## Tokens in CI

      Set EXAMPLE_TOKEN to skip the interactive login step in CI pipelines.
      "
    `);
    expect(result.files.get('llms-full.txt')).toContain('# Quickstart');
    expect(result.files.get('llms-full.txt')).not.toContain('Hidden text');
  });
});

describe("the page routes: GET /v1/page/{domain}?path= and POST /v1/page/{domain} {path, groups}, the platform's form", () => {
  let testApp: KeyedTestApp;
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    testApp = await startKeyedTestApp({
      prefix: 'docsmith-page-',
      app: { limits: { perKeyPerMonth: 1, perOrgPerHour: 1, perIpPerDay: 1 } },
    });
    ({ app, key } = testApp);
  });
  afterAll(() => testApp.close());
  const page = (pagePath: string) =>
    app.inject({
      url: `/v1/page/example?path=${encodeURIComponent(pagePath)}`,
      headers: { authorization: `Bearer ${key}` },
    });
  const post = (body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/v1/page/example',
      headers: { authorization: `Bearer ${key}` },
      payload: body as Record<string, unknown>,
    });

  it.each(['cli/configure', '/cli/configure', '/cli/configure.md', 'cli/configure#tokens-in-ci'])(
    'answers the page Markdown for %s',
    async (pagePath) => {
      const response = await page(pagePath);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(response.body).toMatch(/^# Configure the CLI\n/);
    },
  );

  it('answers 404 page_not_found for an unknown page and 400 for a path that leaves the build', async () => {
    expect((await page('nope')).json().error.code).toBe('page_not_found');
    expect((await page('../../data/keys.json')).statusCode).toBe(400);
    expect((await page('cli/../../x')).statusCode).toBe(400);
    expect((await app.inject({ url: '/v1/page/example?path=quickstart' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/v1/page/example' })).json().error.code).toBe('missing_key');
    expect(
      (await app.inject({ url: '/v1/page/example?path=a&extra=1', headers: { authorization: 'Bearer nope' } })).json()
        .error.code,
    ).toBe('invalid_key');
  });

  it('answers {path, content} with the page Markdown, as the path of a search result names it, without spending the budget', async () => {
    for (const pagePath of ['/cli/configure#tokens-in-ci', 'cli/configure', '/cli/configure']) {
      const response = await post({ path: pagePath, groups: [] });
      expect(response.statusCode, pagePath).toBe(200);
      expect(response.json()).toEqual({
        path: pagePath,
        content: expect.stringMatching(/^# Configure the CLI\n/) as unknown,
      });
    }
    expect((await post({ path: '/quickstart', groups: ['admins'] })).json().content).toMatch(/^# Quickstart\n/);
  });

  it('answers 404 page_not_found for an unknown page, 400 for a path that leaves the build or a body without path', async () => {
    expect((await post({ path: '/nope' })).json()).toMatchObject({ error: { code: 'page_not_found' } });
    expect((await post({ path: '../../data/keys.json' })).statusCode).toBe(400);
    expect((await post({ groups: ['a'] })).json()).toMatchObject({ error: { code: 'invalid_body', field: 'path' } });
    expect((await post({ path: '/quickstart', groups: 'admins' })).json()).toMatchObject({
      error: { code: 'invalid_body', field: 'groups' },
    });
    expect((await post({ path: '/quickstart', clientField: 1 })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/v1/page/example', payload: { path: '/quickstart' } })).json().error
        .code,
    ).toBe('missing_key');
  });
});

describe('GET /v1/page of a versioned site whose copies are hard links', () => {
  it("answers each version's path with the shared page Markdown", async () => {
    const setup = '---\ntitle: Setup\n---\n\nRun the installer.\n';
    const files = {
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Versions',
        colors: { primary: '#16A34A' },
        navigation: {
          versions: [
            { version: 'v2', pages: ['v2/start', 'v2/setup'] },
            { version: 'v1', pages: ['v1/setup'] },
          ],
        },
      }),
      'v2/start.mdx': '---\ntitle: Start\n---\n\nInstall it.\n',
      'v2/setup.mdx': setup,
      'v1/setup.mdx': setup,
    };
    const { app, key, directory, buildIds, close } = await startKeyedTestApp({
      prefix: 'docsmith-page-links-',
      sites: [{ domain: 'versions', files }],
      keyDomains: ['versions'],
    });
    const pages = path.join(directory, 'dist', 'versions', 'builds', buildIds.versions as string, 'pages');
    const [v2, v1] = await Promise.all(['v2/setup.md', 'v1/setup.md'].map((name) => stat(path.join(pages, name))));
    expect([v1?.ino === v2?.ino, v1?.nlink]).toEqual([true, 2]);
    try {
      for (const pagePath of ['v2/setup', 'v1/setup']) {
        const response = await app.inject({
          url: `/v1/page/versions?path=${pagePath}`,
          headers: { authorization: `Bearer ${key}` },
        });
        expect([response.statusCode, response.body], pagePath).toEqual([200, '# Setup\n\nRun the installer.\n']);
      }
    } finally {
      await close();
    }
  });
});

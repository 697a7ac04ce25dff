import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const spec = `openapi: 3.0.3
info: { title: T, version: "1" }
paths:
  /users:
    get: { summary: List users, tags: [Users], responses: { "200": { description: ok } } }
    post: { summary: Create a user, tags: [Users], responses: { "201": { description: ok } } }
  /users/{id}:
    get: { summary: Get a user, tags: [Users], responses: { "200": { description: ok } } }
`;

const site = (navigation: unknown) =>
  siteSourceFromObject({
    'docs.json': JSON.stringify({ theme: 'mint', name: 'Nav', colors: { primary: '#000000' }, navigation }, null, 2),
    'intro.mdx': '---\ntitle: Intro\n---\n\nHello.\n',
    'openapi.yaml': spec,
  });

describe('navigation errors', () => {
  it('names the navigation path and the docs.json position of a missing page', async () => {
    const result = await buildSite(
      site({ tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['intro', '/missing-page', 'intro.mdx'] }] }] }),
      { domain: 'nav' },
    );
    const missing = result.diagnostics.find((diagnostic) => diagnostic.ruleId === 'missing-page');
    expect(missing).toMatchObject({
      file: 'docs.json',
      severity: 'warning',
      pointer: '/navigation/tabs/0/groups/0/pages/1',
    });
    expect(missing?.message).toContain('tab Guides › group Start');
    expect(missing?.line).toBeGreaterThan(1);
    // An entry with its extension names no page on the platform: reported at its own position.
    expect(result.diagnostics.find((diagnostic) => diagnostic.ruleId === 'page-extension')).toMatchObject({
      pointer: '/navigation/tabs/0/groups/0/pages/2',
    });
  });

  it('suggests the closest page for a misspelt page path', async () => {
    const result = await buildSite(site({ groups: [{ group: 'Start', pages: ['intro', 'itro'] }] }), { domain: 'nav' });
    expect(result.diagnostics.find((diagnostic) => diagnostic.ruleId === 'missing-page')).toMatchObject({
      severity: 'warning',
      hint: 'Did you mean `intro`?',
    });
  });

  it('reports an unknown operation with the closest existing ones', async () => {
    const result = await buildSite(
      site({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['intro', 'GET /user', 'DELETE /users'] }] }),
      { domain: 'nav' },
    );
    const unknown = result.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'unknown-operation');
    expect(unknown).toHaveLength(2);
    expect(unknown[0]?.message).toContain('`GET /user`');
    expect(unknown[0]?.hint).toContain('`GET /users`');
  });

  it('reports a skipped remote spec once, then once per group that loses entries to it, not for each entry, frontmatter operation or link it may hold', async () => {
    const source = siteSourceFromObject({
      'docs.json': JSON.stringify(
        {
          theme: 'mint',
          name: 'Nav',
          colors: { primary: '#000000' },
          api: { openapi: 'https://api.example.com/openapi.json' },
          navigation: {
            groups: [
              {
                group: 'API',
                openapi: 'https://api.example.com/openapi.json',
                pages: ['intro', 'GET /things', 'POST /things', 'cost'],
              },
            ],
          },
        },
        null,
        2,
      ),
      'intro.mdx':
        '---\ntitle: Intro\n---\n\nSee [list things](/api-reference/things/list-things), not [gone](/gone).\n',
      'cost.mdx': '---\nopenapi: get /analytics/cost\nsidebarTitle: Cost data\n---\n\nCost data.\n',
      'openapi.yaml': spec,
    });
    const result = await buildSite(source, { domain: 'nav' });
    expect(result.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual([
      'remote-spec-skipped',
      'spec-not-loaded',
      'broken-link',
    ]);
    expect(result.diagnostics[1]?.message).toContain(
      'Unexpected 2 operation entries of `https://api.example.com/openapi.json` in group `API`',
    );
    expect(result.diagnostics[2]?.message).toContain('`/gone`');
    expect(result.manifest?.pages.map((page) => `${page.path} ${page.title}`)).toEqual([
      'intro Intro',
      'cost Cost data',
    ]);
  });

  it('titles a page whose frontmatter names only its operation by the operation summary, and one without a title by its file name, silently', async () => {
    const source = siteSourceFromObject({
      'docs.json': JSON.stringify(
        {
          theme: 'mint',
          name: 'Nav',
          colors: { primary: '#000000' },
          navigation: { pages: ['list-users', 'untitled'] },
        },
        null,
        2,
      ),
      'list-users.mdx': '---\nopenapi: get /users\n---\n',
      'untitled.mdx': '---\ndescription: No title here\n---\n\nText.\n',
      'openapi.yaml': spec,
    });
    const result = await buildSite(source, { domain: 'nav' });
    expect(result.manifest?.pages.map((page) => [page.path, page.title])).toEqual([
      ['list-users', 'List users'],
      ['untitled', 'Untitled'],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it('resolves a frontmatter spec path written relative to the page', async () => {
    const source = siteSourceFromObject({
      'docs.json': JSON.stringify(
        {
          theme: 'mint',
          name: 'Nav',
          colors: { primary: '#000000' },
          navigation: { pages: ['api/endpoints/list-users', 'api/endpoints/get-user'] },
        },
        null,
        2,
      ),
      'api/endpoints/list-users.mdx': '---\nopenapi: ../openapi.yaml get /users\n---\n',
      'api/endpoints/get-user.mdx': '---\nopenapi: ./../openapi.yaml GET /users/{id}\n---\n',
      'api/openapi.yaml': spec,
    });
    const result = await buildSite(source, { domain: 'nav' });
    expect(result.diagnostics).toEqual([]);
    expect(result.manifest?.pages.map((page) => [page.title, page.operation?.specFile])).toEqual([
      ['List users', 'api/openapi.yaml'],
      ['Get a user', 'api/openapi.yaml'],
    ]);
  });

  it('hides everything below a hidden element and turns href elements into links', async () => {
    const result = await buildSite(
      site({
        tabs: [
          { tab: 'Docs', groups: [{ group: 'Secret', hidden: true, pages: ['intro'] }] },
          { tab: 'Blog', href: 'https://example.com/blog' },
        ],
      }),
      { domain: 'nav' },
    );
    expect(result.manifest?.pages[0]).toMatchObject({ path: 'intro', hidden: true, indexed: false });
    expect(result.manifest?.navigation[1]).toEqual({ kind: 'tab', label: 'Blog', href: 'https://example.com/blog' });
  });
});

import { describe, expect, it } from 'vitest';
import { checkRedirects } from '../../pipeline/navigation/check-redirects.ts';
import { matchRedirect, type Redirect } from '../../pipeline/navigation/match-redirect.ts';
import { routeFolders } from '../../pipeline/navigation/route-folders.ts';

const redirect = (source: string, destination: string, permanent = true): Redirect => ({
  source,
  destination,
  permanent,
});
const locate = (pointer: string) => ({ file: 'docs.json', line: Number(pointer.split('/')[2]) + 10, column: 5 });

describe('matchRedirect', () => {
  const redirects = [
    redirect('/start', '/quickstart'),
    redirect('/old-docs/:slug*', '/concepts/:slug*'),
    redirect('/blog/:year/:post', '/news/:post?from=:year', false),
    redirect('/legacy/*', 'https://legacy.example.com/*'),
  ];

  it('matches exact sources with or without slashes and ignores the query', () => {
    expect(matchRedirect(redirects, 'start')).toEqual({ destination: '/quickstart', permanent: true });
    expect(matchRedirect(redirects, '/start/?ref=nav')).toEqual({ destination: '/quickstart', permanent: true });
    expect(matchRedirect(redirects, '/started')).toBeUndefined();
  });

  it('substitutes `:param*` (rest of the path, also empty), `:param` (one segment) and `*`', () => {
    expect(matchRedirect(redirects, '/old-docs/a/b/c')?.destination).toBe('/concepts/a/b/c');
    expect(matchRedirect(redirects, '/old-docs')?.destination).toBe('/concepts/');
    expect(matchRedirect(redirects, 'blog/2024/launch')).toEqual({
      destination: '/news/launch?from=2024',
      permanent: false,
    });
    expect(matchRedirect(redirects, 'blog/2024/launch/extra')).toBeUndefined();
    expect(matchRedirect(redirects, '/legacy/api/v1')?.destination).toBe('https://legacy.example.com/api/v1');
  });

  it('never applies a source with an `#anchor` or a `?query`: redirects cannot include them', () => {
    expect(
      matchRedirect(
        [redirect('/guide#old', '/elsewhere'), redirect('/guide?tab=a', '/other'), redirect('/guide', '/new-guide')],
        '/guide',
      )?.destination,
    ).toBe('/new-guide');
    expect(matchRedirect([redirect('/guide#old', '/elsewhere')], '/guide#old')).toBeUndefined();
  });

  it('never lets `*` match the bare folder: `/recipes/*` leaves `/recipes` to its own redirect', () => {
    const rules = [
      redirect('/reference/recipes/*', '/reference/recipes'),
      redirect('/reference/recipes', '/guides/recipes/overview'),
    ];
    expect(matchRedirect(rules, '/reference/recipes')?.destination).toBe('/guides/recipes/overview');
    expect(matchRedirect(rules, '/reference/recipes/')?.destination).toBe('/guides/recipes/overview');
    expect(matchRedirect(rules, '/reference/recipes/bread')?.destination).toBe('/reference/recipes');
    expect(matchRedirect([redirect('/legacy/*', '/new')], '/legacy')).toBeUndefined();
  });

  it('uses the first redirect that matches', () => {
    expect(matchRedirect([redirect('/a/:x', '/first'), redirect('/a/b', '/second')], '/a/b')?.destination).toBe(
      '/first',
    );
  });
});

describe('checkRedirects', () => {
  const routes = new Set(['quickstart', 'concepts/retries', 'guides/intro', 'index']);
  const check = (redirects: Redirect[]) =>
    checkRedirects(redirects, { routes, locate, folders: routeFolders(routes) }).map(
      (diagnostic) =>
        `${diagnostic.line} ${diagnostic.severity} ${diagnostic.ruleId} ${diagnostic.pointer}: ${diagnostic.message}${diagnostic.hint ? ` | ${diagnostic.hint}` : ''}`,
    );

  it('accepts redirects to pages, external URLs and wildcard destinations', () => {
    expect(
      check([
        redirect('/start', '/quickstart'),
        redirect('/old/:slug*', '/concepts/:slug*'),
        redirect('/status', 'https://status.example.com'),
        redirect('/home', '/'),
      ]),
    ).toEqual([]);
  });

  it('reports loops as warnings (the platform deploys them)', () => {
    expect(check([redirect('/a', '/b'), redirect('/b', '/a')])).toEqual([
      '10 warning redirect-loop /redirects/0/destination: Unexpected redirect loop: /a → /b → /a | Point the redirect at a page.',
      '11 warning redirect-loop /redirects/1/destination: Unexpected redirect loop: /b → /a → /b | Point the redirect at a page.',
    ]);
    expect(check([redirect('/self', '/self')])).toMatchObject([expect.stringContaining('redirect-loop')]);
  });

  it('warns about a source with an anchor and checks that redirect no further (no self-loop from stripping it)', () => {
    expect(check([redirect('/guides/intro#cloud', '/guides/intro#blob')])).toEqual([
      '10 warning redirect-anchor-or-query /redirects/0/source: Unexpected anchor or query in redirect source `/guides/intro#cloud`, expected a path: redirects cannot include them, so this one never applies | Redirect the page path, or keep the old anchor as a heading id on the page.',
    ]);
    expect(
      check([redirect('/old', '/moved'), redirect('/moved#a', '/elsewhere'), redirect('/moved', '/quickstart')]),
    ).toEqual([
      '10 warning redirect-chain /redirects/0/destination: Redirect `/old` takes 2 hops, expected one | Point it straight at `/quickstart`.',
      expect.stringContaining('11 warning redirect-anchor-or-query'),
    ]);
  });

  it('takes a folder of pages as a destination (its first page is served), unless a redirect claims the folder; a spec folder that did not load is not judged', () => {
    expect(check([redirect('/start', '/concepts'), redirect('/old-guides', '/guides/')])).toEqual([]);
    expect(check([redirect('/start', '/concepts'), redirect('/concepts', '/quickstart')])).toEqual([
      '10 warning redirect-chain /redirects/0/destination: Redirect `/start` takes 2 hops, expected one | Point it straight at `/quickstart`.',
    ]);
    expect(check([redirect('/start', '/concept')])).toMatchObject([expect.stringContaining('redirect-dangling')]);
    expect(
      checkRedirects([redirect('/old-api', '/api-reference/users/list')], {
        routes,
        locate,
        unknownFolders: ['api-reference'],
      }),
    ).toEqual([]);
  });

  it('sees no loop where a folder wildcard points at the folder and the folder has a redirect of its own', () => {
    expect(
      check([redirect('/reference/recipes/*', '/reference/recipes'), redirect('/reference/recipes', '/quickstart')]),
    ).toEqual([
      '10 warning redirect-chain /redirects/0/destination: Redirect `/reference/recipes/*` takes 2 hops, expected one | Point it straight at `/quickstart`.',
    ]);
  });

  it('warns about chains with the final target, following wildcard redirects', () => {
    expect(check([redirect('/one', '/two'), redirect('/two', '/quickstart')])).toEqual([
      '10 warning redirect-chain /redirects/0/destination: Redirect `/one` takes 2 hops, expected one | Point it straight at `/quickstart`.',
    ]);
    expect(check([redirect('/x', '/old/retries'), redirect('/old/:slug', '/concepts/:slug')])).toEqual([
      '10 warning redirect-chain /redirects/0/destination: Redirect `/x` takes 2 hops, expected one | Point it straight at `/concepts/retries`.',
    ]);
  });

  it("takes a page's Markdown export (its path plus `.md`, which the platform serves) as a destination", () => {
    expect(check([redirect('/llms.txt', '/guides/intro.md'), redirect('/start.md', '/quickstart.md')])).toEqual([]);
    expect(check([redirect('/old', '/guides/gone.md'), redirect('/raw', '/guides/intro.mdx')])).toEqual([
      '10 warning redirect-dangling /redirects/0/destination: Unexpected redirect destination `/guides/gone.md`, expected a page of the site',
      '11 warning redirect-dangling /redirects/1/destination: Unexpected redirect destination `/guides/intro.mdx`, expected a page of the site',
    ]);
  });

  it('takes a static file of the site (served at its path by the platform) as a destination, not a page file', () => {
    const files = new Set(['assets/api-catalog.json', 'files/my guide.pdf', 'guides/intro.mdx', 'docs.json']);
    const checkWithFiles = (redirects: Redirect[]) =>
      checkRedirects(redirects, { routes, locate, folders: routeFolders(routes), files }).map(
        (diagnostic) => `${diagnostic.line} ${diagnostic.ruleId}: ${diagnostic.message}`,
      );
    expect(
      checkWithFiles([
        redirect('/.well-known/api-catalog', '/assets/api-catalog.json'),
        redirect('/guide.pdf', '/files/my%20guide.pdf'),
      ]),
    ).toEqual([]);
    expect(checkWithFiles([redirect('/a', '/assets/gone.json'), redirect('/b', '/guides/intro.mdx')])).toEqual([
      '10 redirect-dangling: Unexpected redirect destination `/assets/gone.json`, expected a page of the site',
      '11 redirect-dangling: Unexpected redirect destination `/guides/intro.mdx`, expected a page of the site',
    ]);
  });

  it('warns when a source shadows a page and when a destination reaches no page', () => {
    expect(check([redirect('/guides/intro', '/quickstart'), redirect('/gone', '/nowhere')])).toEqual([
      '10 warning redirect-shadows-page /redirects/0/source: Unexpected redirect from `/guides/intro`, which is also a page: the redirect wins and the page is unreachable',
      '11 warning redirect-dangling /redirects/1/destination: Unexpected redirect destination `/nowhere`, expected a page of the site',
    ]);
  });

  it('reads redirects all written under the base path a site is served below, and still reports what is wrong there', () => {
    // A site hosted at /docs (Formbricks) writes every redirect with the base path.
    expect(
      check([
        redirect('/docs/start', '/docs/quickstart'),
        redirect('/docs/old/:slug*', '/docs/concepts/:slug*'),
        redirect('/docs/gone', '/docs/nowhere'),
      ]),
    ).toEqual([
      '12 warning redirect-dangling /redirects/2/destination: Unexpected redirect destination `/docs/nowhere`, expected a page of the site',
    ]);
    // A site with a page folder of that name has no base path: its redirects are read as written.
    const withFolder = new Set(['docs/start', 'quickstart']);
    expect(
      checkRedirects([redirect('/docs/a', '/docs/start'), redirect('/docs/b', '/quickstart')], {
        routes: withFolder,
        locate,
        folders: routeFolders(withFolder),
      }),
    ).toEqual([]);
  });
});

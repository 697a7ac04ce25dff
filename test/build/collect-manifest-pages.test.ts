import { describe, expect, it } from 'vitest';
import { collectManifestPages, type ManifestPagesInput } from '../../pipeline/assemble/collect-manifest-pages.ts';
import { parsePage } from '../../pipeline/content/parse-page.ts';
import type { NavigationPageEntry } from '../../pipeline/navigation/navigation-page-entry.ts';

const pages = [
  parsePage({ file: 'guide.mdx', text: '---\ntitle: Guide\ndescription: How to start\n---\n\nStart here.\n' }),
  parsePage({ file: 'secret.mdx', text: '---\ntitle: Secret\nhidden: true\n---\n\nHidden text.\n' }),
  parsePage({ file: 'quiet.mdx', text: '---\ntitle: Quiet\nsearchable: false\n---\n\nNot searched.\n' }),
  parsePage({ file: 'orphan.mdx', text: '---\ntitle: Orphan\n---\n\nNot in the navigation.\n' }),
];
const entry = (route: string, extra: Partial<NavigationPageEntry> = {}): NavigationPageEntry => ({
  route,
  file: `${route}.mdx`,
  pointer: `/navigation/pages/${route}`,
  hidden: false,
  context: { groups: ['Docs'] },
  ...extra,
});
const input = (overrides: Partial<ManifestPagesInput> = {}): ManifestPagesInput => ({
  entries: [entry('guide'), entry('secret'), entry('quiet'), entry('guide', { context: { groups: ['Again'] } })],
  parsedByFile: new Map(pages.map((page) => [page.file, page])),
  endpointPages: new Map(),
  operations: new Map(),
  indexing: 'navigable',
  defaults: {},
  ...overrides,
});

describe('collectManifestPages', () => {
  it('lists navigation pages once, indexing only visible, searchable ones; the description leads the intro record', () => {
    const result = collectManifestPages(input());
    expect(
      result.pages.map(({ path, inNavigation, hidden, searchable, indexed, context }) => ({
        path,
        inNavigation,
        hidden,
        searchable,
        indexed,
        groups: context.groups,
      })),
    ).toEqual([
      { path: 'guide', inNavigation: true, hidden: false, searchable: true, indexed: true, groups: ['Docs'] },
      { path: 'secret', inNavigation: true, hidden: true, searchable: true, indexed: false, groups: ['Docs'] },
      { path: 'quiet', inNavigation: true, hidden: false, searchable: false, indexed: false, groups: ['Docs'] },
    ]);
    expect(result.sectionRecords).toMatchObject([
      { path: 'guide', anchor: '', text: 'How to start\nStart here.', description: 'How to start' },
    ]);
    expect(result.endpointPages).toBe(0);
  });

  it('counts MDX pages whose frontmatter names an operation (`openapi`) or an endpoint (`api`) as endpoint pages', () => {
    const endpointPage = (file: string, key: string): ReturnType<typeof parsePage> =>
      parsePage({ file, text: `---\ntitle: ${file}\n${key}\n---\n\nText.\n` });
    const parsed = [
      ...pages,
      endpointPage('create.mdx', 'openapi: POST /users'),
      endpointPage('manual.mdx', 'api: GET https://example.com/users'),
    ];
    const result = collectManifestPages(
      input({
        entries: [entry('guide'), entry('create'), entry('manual')],
        parsedByFile: new Map(parsed.map((page) => [page.file, page])),
        operations: new Map([
          ['create.mdx', { operation: { specFile: 'openapi.json', method: 'POST', path: '/users' }, sections: [] }],
          ['manual.mdx', { api: { method: 'GET', url: 'https://example.com/users' }, sections: [] }],
        ]),
      }),
    );
    expect(result.pages.map((page) => page.path)).toEqual(['guide', 'create', 'manual']);
    expect(result.endpointPages).toBe(2);
  });

  it('with `seo.indexing: all` adds and indexes page files outside the navigation', () => {
    const result = collectManifestPages(input({ indexing: 'all' }));
    expect(result.pages.at(-1)).toMatchObject({
      path: 'orphan',
      inNavigation: false,
      indexed: true,
      context: { groups: [] },
    });
    expect(result.sectionRecords.map((record) => record.path)).toEqual(['guide', 'orphan']);
  });

  it('keeps pages of a hidden group marked searchable indexed, unless a page hides itself', () => {
    const result = collectManifestPages(
      input({
        entries: [
          entry('guide', { hidden: true, searchable: true }),
          entry('secret', { hidden: true, searchable: true }),
          entry('orphan', { hidden: true }),
        ],
      }),
    );
    expect(result.pages.map(({ path, hidden, indexed }) => ({ path, hidden, indexed }))).toEqual([
      { path: 'guide', hidden: true, indexed: true },
      { path: 'secret', hidden: true, indexed: false },
      { path: 'orphan', hidden: true, indexed: false },
    ]);
  });

  it("gives the first record the frontmatter keywords, and each path its boost: the frontmatter one, else its group's", () => {
    const tagged = [
      parsePage({
        file: 'feedback.mdx',
        text: '---\ntitle: Feedback\nkeywords: ["thumbs rating", "satisfaction"]\nboost: 3\n---\n\nIntro.\n\n## Setup\n\nTurn it on.\n',
      }),
      parsePage({
        file: 'seo.mdx',
        text: '---\ntitle: SEO\nkeywords: meta tags, sitemap\n---\n\n## Tags\n\nMeta tags.\n',
      }),
      parsePage({ file: 'plain.mdx', text: '---\ntitle: Plain\nboost: -2\nkeywords: 7\n---\n\nText.\n' }),
    ];
    const result = collectManifestPages(
      input({
        parsedByFile: new Map(tagged.map((page) => [page.file, page])),
        entries: [
          entry('feedback', { boost: 0.5 }),
          entry('seo', { boost: 2 }),
          entry('plain'),
          entry('plain', { context: { groups: ['Other'] } }),
        ],
      }),
    );
    expect(
      result.sectionRecords.map(({ path, anchor, keywords, boost }) => ({ path, anchor, keywords, boost })),
    ).toEqual([
      { path: 'feedback', anchor: '', keywords: ['thumbs rating', 'satisfaction'], boost: 3 },
      { path: 'feedback', anchor: 'setup', keywords: undefined, boost: undefined },
      { path: 'seo', anchor: 'tags', keywords: ['meta tags', 'sitemap'], boost: 2 },
      { path: 'plain', anchor: '', keywords: undefined, boost: undefined },
    ]);
  });

  it('gives the first record the number of links to other pages the page holds, images and its own anchors left out: a hub of cards is told from a guide', () => {
    const pages = [
      parsePage({
        file: 'overview.mdx',
        text: '---\ntitle: Overview\n---\n\n<CardGroup>\n<Card title="Install" href="/install">Set up.</Card>\n<Card title="Deploy" href="/deploy">Ship it.</Card>\n</CardGroup>\n\n## More\n\nSee [the API](/api), [below](#more) and ![a diagram](/diagram.png).\n',
      }),
      parsePage({ file: 'guide.mdx', text: '---\ntitle: Guide\n---\n\nNo links here.\n' }),
    ];
    const result = collectManifestPages(
      input({
        parsedByFile: new Map(pages.map((page) => [page.file, page])),
        entries: [entry('overview'), entry('guide')],
      }),
    );
    expect(result.sectionRecords.map(({ path, anchor, links }) => ({ path, anchor, links }))).toEqual([
      { path: 'overview', anchor: '', links: 3 },
      { path: 'overview', anchor: 'more', links: undefined },
      { path: 'guide', anchor: '', links: undefined },
    ]);
  });

  it('keeps a navigation link (frontmatter `url`) in the manifest with its URL, and out of the search records', () => {
    const linked = [
      parsePage({ file: 'guide.mdx', text: '---\ntitle: Guide\n---\n\nStart here.\n' }),
      parsePage({
        file: 'examples.mdx',
        text: '---\ntitle: Examples\nurl: " https://github.com/acme/examples "\n---\n\nimport Cta from "/snippets/cta.mdx";\n\n<Cta />\n',
      }),
      parsePage({ file: 'blank.mdx', text: '---\ntitle: Blank\nurl: ""\n---\n\nA page after all.\n' }),
    ];
    const result = collectManifestPages(
      input({
        parsedByFile: new Map(linked.map((page) => [page.file, page])),
        entries: [entry('guide'), entry('examples'), entry('blank')],
      }),
    );
    expect(result.pages.map(({ path, url, indexed }) => ({ path, url, indexed }))).toEqual([
      { path: 'guide', url: undefined, indexed: true },
      { path: 'examples', url: 'https://github.com/acme/examples', indexed: false },
      { path: 'blank', url: undefined, indexed: true },
    ]);
    expect(result.sectionRecords.map((record) => record.path)).toEqual(['guide', 'blank']);
  });

  it('records the user groups a page is restricted to (frontmatter `groups`) and never indexes it', () => {
    const restricted = [
      parsePage({ file: 'guide.mdx', text: '---\ntitle: Guide\n---\n\nStart here.\n' }),
      parsePage({
        file: 'admin.mdx',
        text: '---\ntitle: Admin dashboard\ngroups: ["admin", " pro "]\n---\n\nRotate the master key.\n',
      }),
      parsePage({ file: 'staff.mdx', text: '---\ntitle: Staff\ngroups: staff\n---\n\nInternal.\n' }),
      parsePage({ file: 'open.mdx', text: '---\ntitle: Open\ngroups: []\npublic: true\n---\n\nFor everyone.\n' }),
    ];
    const result = collectManifestPages(
      input({
        parsedByFile: new Map(restricted.map((page) => [page.file, page])),
        entries: ['guide', 'admin', 'staff', 'open'].map((route) => entry(route)),
      }),
    );
    expect(result.pages.map(({ path, userGroups, indexed }) => ({ path, userGroups, indexed }))).toEqual([
      { path: 'guide', userGroups: undefined, indexed: true },
      { path: 'admin', userGroups: ['admin', 'pro'], indexed: false },
      { path: 'staff', userGroups: ['staff'], indexed: false },
      { path: 'open', userGroups: undefined, indexed: true },
    ]);
    expect(result.sectionRecords.map((record) => record.path)).toEqual(['guide', 'open']);
  });
});

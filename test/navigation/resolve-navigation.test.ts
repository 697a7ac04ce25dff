import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import { parseJsonSource } from '../../pipeline/config/parse-json-source.ts';
import type { LoadedSpecs } from '../../pipeline/openapi/loaded-spec.ts';
import type { NavigationPageEntry, ResolvedNavigation } from '../../pipeline/navigation/navigation-page-entry.ts';
import { resolveNavigation } from '../../pipeline/navigation/resolve-navigation.ts';
import { loadFixtureSpecs } from '../openapi/load-fixture-specs.ts';
import type { DocsConfig } from '../../schemas/docs-config.ts';
import { renderEndpointPage } from '../../pipeline/endpoints/render-endpoint-pages.ts';

const fixtureText = readFileSync(path.resolve(import.meta.dirname, '../fixtures/navigation/docs.json'), 'utf8');
const PAGES = new Set(['cloud/overview', 'cloud/intro', 'cloud/deep', 'edge/start', 'help', 'v1/legacy', 'index']);
const stubLocate = () => ({ file: 'docs.json', line: 0, column: 0 });

/** Resolves a docs.json text with positions computed from the text itself. */
function resolveText(text: string, specs: LoadedSpecs): ResolvedNavigation {
  const parsed = parseJsonSource('docs.json', text);
  return resolveNavigation(parsed.value as DocsConfig, {
    pageFileFor: (route) => (PAGES.has(route) ? `${route}.mdx` : undefined),
    specs,
    locate: (pointer) => {
      const location = parsed.locations.get(pointer);
      return { file: 'docs.json', line: location?.line ?? 0, column: location?.column ?? 0 };
    },
  });
}

/** One line per tree node: indentation, kind, label or path, and its flags. */
function outline(nodes: ManifestNavigationNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${node.kind} ${String(node.label ?? node.path ?? '')}${node.href ? ` → ${String(node.href)}` : ''}${node.root ? ` (root ${String(node.root)})` : ''}${node.hidden ? ' [hidden]' : ''}`,
    ...outline(node.children ?? [], depth + 1),
  ]);
}

describe('resolveNavigation on a fixture nesting every element kind', () => {
  let specs: LoadedSpecs;
  let result: ResolvedNavigation;
  const entry = (route: string, index = 0): NavigationPageEntry | undefined =>
    result.entries.filter((candidate) => candidate.route === route)[index];
  beforeAll(async () => {
    specs = (await loadFixtureSpecs()).result.specs;
    result = resolveText(fixtureText, specs);
  });

  it('builds the tree in file order, with link-only global members, href elements and generated groups', () => {
    expect(outline(result.tree).join('\n')).toMatchInlineSnapshot(`
      "language en
        version v2
          product Cloud
            tab Guides
              menu Start
                group Basics (root cloud/overview)
                  page cloud/intro
                  group Deep
                    page cloud/deep
            tab API
              group Products
                endpoint api-reference/products/list-products
                endpoint api-reference/products/create-a-product!
                endpoint api-reference/products/get-a-product
                endpoint api-reference/products/patch-products
              group Pets
                endpoint api-reference/pets/list-pets
                endpoint api-reference/health-check
                endpoint api-reference/webhooks/order-created
            tab Changelog → https://changelog.example.com
          product Edge
            dropdown Basics
              group Edge basics
                page edge/start
                page cloud/intro
            dropdown Help
              anchor Help
                page help
            dropdown Reference
              group Products
                endpoint edge-api/products/list-products
                endpoint edge-api/products/create-a-product!
                endpoint edge-api/products/get-a-product
                endpoint edge-api/products/get-a-product-1
                endpoint edge-api/products/patch-products
              group API Reference
                endpoint edge-api/health-check
              group Internal
                endpoint edge-api/internal/metrics [hidden]
              group Webhooks
                endpoint edge-api/webhooks/order-created
        version v1 [hidden]
          group Old [hidden]
            page cloud/intro [hidden]
            page v1/legacy [hidden]
      global-version v0 → https://v0.example.com
      global-anchor Blog → https://blog.example.com"
    `);
  });

  it('gives each page its language, version, product, tab, menu item, dropdown, anchor and group path (group roots count)', () => {
    expect(entry('cloud/overview')).toMatchObject({
      file: 'cloud/overview.mdx',
      pointer: '/navigation/languages/0/versions/0/products/0/tabs/0/menu/0/groups/0/root',
    });
    expect(entry('cloud/overview')?.context).toEqual({
      language: 'en',
      version: 'v2',
      product: 'Cloud',
      tab: 'Guides',
      menu: 'Start',
      groups: ['Basics'],
    });
    expect(entry('cloud/deep')?.context).toEqual({
      language: 'en',
      version: 'v2',
      product: 'Cloud',
      tab: 'Guides',
      menu: 'Start',
      groups: ['Basics', 'Deep'],
    });
    expect(entry('help')?.context).toEqual({
      language: 'en',
      version: 'v2',
      product: 'Edge',
      dropdown: 'Help',
      anchor: 'Help',
      groups: [],
    });
    expect(entry('edge-api/webhooks/order-created')?.context).toEqual({
      language: 'en',
      version: 'v2',
      product: 'Edge',
      dropdown: 'Reference',
      groups: ['Webhooks'],
    });
  });

  it('inherits `openapi` from api.openapi and lets an element override it; a named spec wins over the scope', () => {
    expect(entry('api-reference/products/list-products')).toMatchObject({
      operation: { specFile: 'shop.yaml', method: 'GET', path: '/products' },
      openapi: [{ file: 'shop.yaml' }],
    });
    expect(entry('api-reference/pets/list-pets')).toMatchObject({
      operation: { specFile: 'pets.json', method: 'GET', path: '/pets' },
      openapi: [{ file: 'pets.json' }],
    });
    expect(entry('api-reference/health-check')?.operation).toEqual({
      specFile: 'shop.yaml',
      method: 'GET',
      path: '/health',
    });
    expect(entry('api-reference/webhooks/order-created')?.operation).toEqual({
      specFile: 'shop.yaml',
      method: 'WEBHOOK',
      path: 'order.created',
    });
    expect(entry('cloud/intro')?.openapi).toEqual([{ file: 'shop.yaml' }]);
  });

  it('makes endpoint pages with summary slugs, derived names, titles and searchable content', () => {
    expect(entry('api-reference/products/get-a-product')?.operation?.method).toBe('GET');
    expect(entry('api-reference/products/patch-products')?.endpoint).toMatchObject({
      title: 'Patch products',
      hidden: false,
    });
    const reference = entry('api-reference/products/list-products')?.endpoint;
    const list = reference && renderEndpointPage(reference);
    expect(list).toMatchObject({
      route: 'api-reference/products/list-products',
      title: 'List products',
      description: 'Returns the products of the shop.',
    });
    expect(list?.sections.map((section) => section.anchor)).toEqual(['', 'parameters', 'responses']);
    expect(result.entries.some((candidate) => candidate.operation?.path === '/internal/debug')).toBe(false);
  });

  it('gives a whole-spec element every operation grouped by tag, under its directory, x-hidden hidden and x-excluded left out', () => {
    const generated = result.entries.filter((candidate) => candidate.route.startsWith('edge-api/'));
    expect(generated.map((candidate) => `${candidate.route}${candidate.hidden ? ' [hidden]' : ''}`)).toEqual([
      'edge-api/products/list-products',
      'edge-api/products/create-a-product!',
      'edge-api/products/get-a-product',
      'edge-api/products/get-a-product-1',
      'edge-api/products/patch-products',
      'edge-api/health-check',
      'edge-api/internal/metrics [hidden]',
      'edge-api/webhooks/order-created',
    ]);
    expect(entry('edge-api/health-check')?.context.groups).toEqual(['API Reference']);
    expect(entry('edge-api/internal/metrics')?.endpoint?.hidden).toBe(true);
  });

  it('hides everything below a hidden element', () => {
    expect(
      result.entries
        .filter((candidate) => candidate.context.version === 'v1')
        .map((candidate) => `${candidate.route} ${candidate.hidden}`),
    ).toEqual(['cloud/intro true', 'v1/legacy true']);
    expect(entry('cloud/intro')?.hidden).toBe(false);
  });

  it('keeps every reference to a repeated route and marks the repeats; a page cross-listed under another product or version is no duplicate', () => {
    const intros = result.entries.filter((candidate) => candidate.route === 'cloud/intro');
    expect(intros.map((candidate) => candidate.duplicateOf)).toEqual([
      undefined,
      intros[0]?.pointer,
      intros[0]?.pointer,
    ]);
    expect(intros.map((candidate) => [candidate.context.version, candidate.context.product])).toEqual([
      ['v2', 'Cloud'],
      ['v2', 'Edge'],
      ['v1', undefined],
    ]);
    expect(result.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'duplicate-page')).toEqual([]);
  });

  it('reports extensions and unknown operations at their docs.json position, naming the navigation path and closest operations', () => {
    expect(
      result.diagnostics.map(
        (diagnostic) =>
          `${diagnostic.line}:${diagnostic.column} ${diagnostic.severity} ${diagnostic.ruleId}: ${diagnostic.message} | ${diagnostic.hint ?? ''}`,
      ),
    ).toMatchInlineSnapshot(`
      [
        "27:117 warning page-extension: Unexpected extension in page path \`cloud/deep.mdx\` (referenced from language en › version v2 › product Cloud › tab Guides › menu Start › group Basics › group Deep), expected the path without \`.mdx\`/\`.md\`; the entry is left out, as the platform finds no page by it | Write \`cloud/deep\`.",
        "37:140 warning unknown-operation: Cannot find the operation \`GET /pet\` in \`pets.json\` (referenced from language en › version v2 › product Cloud › tab API › group Pets); the entry is left out | Closest operations: \`GET /pets\`, \`POST /pets\`.",
      ]
    `);
  });
});

describe('resolveNavigation on small configurations', () => {
  let specs: LoadedSpecs;
  const resolve = (config: unknown) =>
    resolveNavigation(config as DocsConfig, {
      pageFileFor: (route) => (PAGES.has(route) ? `${route}.mdx` : undefined),
      specs,
      locate: stubLocate,
    });
  beforeAll(async () => {
    specs = (await loadFixtureSpecs()).result.specs;
  });

  it('normalises leading `/` and `./` and a trailing slash; leaves out an entry with an extension, as the platform finds no page by it; reports a missing page file as a warning', () => {
    const result = resolve({ navigation: { pages: ['/help', './edge/start/', 'cloud/deep.md', '/nope'] } });
    expect(result.entries.map((candidate) => candidate.route)).toEqual(['help', 'edge/start']);
    expect(
      result.diagnostics.map((diagnostic) => `${diagnostic.severity} ${diagnostic.ruleId} ${diagnostic.pointer}`),
    ).toEqual(['warning page-extension /navigation/pages/2', 'warning missing-page /navigation/pages/3']);
    expect(result.diagnostics[1]?.message).toBe(
      'Cannot find a page file for `/nope` (looked for nope.mdx and nope.md), referenced from the top-level navigation; the entry is left out',
    );
  });

  it('keeps only the list of an element the platform keeps, the first in its schema order; a link keeps none', () => {
    // `@mintlify/validation` parses each element as a union of one list each: a product shows its anchors over its
    // dropdowns and groups, a tab its groups over its pages and menu, an element with an `href` is a link.
    const result = resolve({
      navigation: {
        products: [
          {
            product: 'Edge',
            groups: [{ group: 'Edge basics', pages: ['edge/start'] }],
            anchors: [{ anchor: 'Help', pages: ['help'] }],
            dropdowns: [{ dropdown: 'Reference', pages: ['cloud/deep'] }],
          },
          {
            product: 'Cloud',
            tabs: [{ tab: 'Guides', pages: ['cloud/intro'], groups: [{ group: 'Basics', pages: ['cloud/overview'] }] }],
          },
        ],
      },
    });
    expect(outline(result.tree)).toEqual([
      'product Edge',
      '  anchor Help',
      '    page help',
      'product Cloud',
      '  tab Guides',
      '    group Basics',
      '      page cloud/overview',
    ]);
    expect(result.entries.map((candidate) => candidate.route)).toEqual(['help', 'cloud/overview']);
  });

  it('names the navigation path of a missing page', () => {
    const result = resolve({
      navigation: { tabs: [{ tab: 'API', groups: [{ group: 'Users', pages: ['users/list'] }] }] },
    });
    expect(result.diagnostics[0]?.message).toContain('referenced from tab API › group Users');
  });

  it('generates a whole spec for `openapi` on the navigation root and on an element with an array of specs', () => {
    expect(resolve({ navigation: { openapi: 'pets.json' } }).entries.map((candidate) => candidate.route)).toEqual([
      'api-reference/pets/list-pets',
      'api-reference/pets/add-a-pet',
    ]);
    const both = resolve({
      navigation: {
        groups: [{ group: 'All', openapi: ['pets.json', { source: 'shop.yaml', directory: 'shop' }] }],
      },
    });
    expect(both.entries.filter((candidate) => candidate.route.startsWith('api-reference/pets/')).length).toBe(2);
    expect(both.entries.filter((candidate) => candidate.route.startsWith('shop/')).length).toBe(8);
    expect(both.tree[0]?.children?.map((group) => group.label)).toEqual([
      'Pets',
      'Products',
      'API Reference',
      'Internal',
      'Webhooks',
    ]);
  });

  it('adds a page per operation after the pages of an element with its own spec, unless it lists operations of it', () => {
    const routes = (config: unknown) => resolve(config).entries.map((candidate) => candidate.route);
    // As the platform's CLI does: a tab's spec generates its endpoint groups after the tab's own groups of pages.
    const withGuides = resolve({
      navigation: {
        tabs: [{ tab: 'API', openapi: 'pets.json', groups: [{ group: 'Guides', pages: ['cloud/intro'] }] }],
      },
    });
    expect(withGuides.entries.map((candidate) => candidate.route)).toEqual([
      'cloud/intro',
      'api-reference/pets/list-pets',
      'api-reference/pets/add-a-pet',
    ]);
    expect(outline(withGuides.tree)).toContain('  group Pets');
    // An operation entry that names no spec uses the element's: the element then shows only what it lists…
    expect(
      routes({
        navigation: {
          tabs: [{ tab: 'API', openapi: 'pets.json', groups: [{ group: 'Pets', pages: ['GET /pets'] }] }],
        },
      }),
    ).toEqual(['api-reference/pets/list-pets']);
    // …while one naming another spec leaves the element's spec whole.
    expect(
      routes({
        navigation: {
          tabs: [
            {
              tab: 'API',
              openapi: 'pets.json',
              groups: [{ group: 'Shop', pages: ['shop.yaml GET /health'] }],
            },
          ],
        },
      }),
    ).toEqual(['api-reference/health-check', 'api-reference/pets/list-pets', 'api-reference/pets/add-a-pet']);
  });

  it('keeps one route for an operation referenced twice in the same directory', () => {
    const result = resolve({
      navigation: {
        tabs: [
          { tab: 'A', pages: ['GET /products'] },
          { tab: 'B', pages: ['GET /products'] },
        ],
      },
      api: { openapi: 'shop.yaml' },
    });
    expect(result.entries.map((candidate) => `${candidate.route} ${candidate.duplicateOf ?? ''}`)).toEqual([
      'api-reference/products/list-products ',
      'api-reference/products/list-products /navigation/tabs/0/pages/0',
    ]);
  });

  it('treats an href element as a link, the pages it also lists left out as the platform leaves them', () => {
    const result = resolve({
      navigation: {
        anchors: [
          { anchor: 'Docs', href: 'https://x.example', pages: ['help'] },
          { anchor: 'Out', href: 'https://out.example', hidden: true },
          { anchor: 'Guides', pages: ['edge/start'] },
        ],
      },
    });
    expect(result.tree).toEqual([
      { kind: 'anchor', label: 'Docs', href: 'https://x.example' },
      { kind: 'anchor', label: 'Out', href: 'https://out.example', hidden: true },
      { kind: 'anchor', label: 'Guides', children: [{ kind: 'page', path: 'edge/start' }] },
    ]);
  });

  it('keeps the pages of a hidden tab or group marked `searchable: true` searchable, until a hidden element below says otherwise', () => {
    const result = resolve({
      navigation: {
        tabs: [
          {
            tab: 'Help',
            hidden: true,
            searchable: true,
            groups: [
              { group: 'Shown', pages: ['help'] },
              { group: 'Again hidden', hidden: true, pages: ['edge/start'] },
            ],
          },
          { tab: 'Old', hidden: true, pages: ['cloud/deep'] },
          { tab: 'Docs', searchable: true, pages: ['index'] },
        ],
      },
    });
    expect(result.entries.map(({ route, hidden, searchable }) => `${route} ${hidden} ${String(searchable)}`)).toEqual([
      'help true true',
      'edge/start true undefined',
      'cloud/deep true undefined',
      'index false undefined',
    ]);
  });

  it('gives each page the `boost` of its nearest group that sets one', () => {
    const result = resolve({
      navigation: {
        groups: [
          {
            group: 'Start',
            boost: 5,
            pages: [
              'index',
              { group: 'Deeper', boost: 0.5, pages: ['cloud/deep'] },
              { group: 'Plain', pages: ['help'] },
            ],
          },
          { group: 'None', boost: -1, pages: ['edge/start'] },
        ],
      },
    });
    expect(result.entries.map(({ route, boost }) => `${route} ${String(boost)}`)).toEqual([
      'index 5',
      'cloud/deep 0.5',
      'help 5',
      'edge/start undefined',
    ]);
  });

  it('leaves out references to a spec that did not load with one warning for their group, and warns when no spec is in scope', () => {
    const remote = resolve({
      navigation: { groups: [{ group: 'R', openapi: 'https://api.example.com/openapi.json', pages: ['GET /things'] }] },
    });
    expect(remote.diagnostics).toMatchObject([
      { severity: 'warning', ruleId: 'spec-not-loaded', pointer: '/navigation/groups/0' },
    ]);
    expect(remote.tree).toEqual([]);
    expect(remote.entries.map((entry) => entry.route)).toEqual([]);
    const none = resolveNavigation(
      { navigation: { pages: ['GET /things'] } },
      { pageFileFor: () => undefined, specs: new Map(), locate: stubLocate },
    );
    expect(none.diagnostics).toMatchObject([
      {
        severity: 'warning',
        ruleId: 'unknown-operation',
        message:
          'Cannot resolve `GET /things`: no OpenAPI spec is in scope (referenced from the top-level navigation); the entry is left out',
      },
    ]);
  });

  it('accepts a config without navigation and returns nothing', () => {
    expect(resolveNavigation({}, { pageFileFor: () => undefined, specs: new Map(), locate: stubLocate })).toEqual({
      tree: [],
      entries: [],
      diagnostics: [],
    });
  });
});

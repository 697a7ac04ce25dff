import { describe, expect, it } from 'vitest';
import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

/** A spec of `operations` (`[method, path, summary]`), all tagged `tag`. */
function spec(tag: string, operations: [string, string, string][]): string {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [method, path, summary] of operations)
    paths[path] = { ...paths[path], [method]: { summary, tags: [tag], responses: { 200: { description: 'ok' } } } };
  return JSON.stringify({ openapi: '3.0.3', info: { title: tag, version: '1' }, paths });
}

/** Builds a site of `navigation`, an `index` page and the given spec files; its pages and the endpoint paths of its navigation. */
async function build(navigation: unknown, specs: Record<string, string>) {
  const source = siteSourceFromObject({
    'docs.json': JSON.stringify({ theme: 'mint', name: 'Specs', colors: { primary: '#16A34A' }, navigation }),
    'index.mdx': '---\ntitle: Home\n---\nHello.',
    ...specs,
  });
  const { manifest, diagnostics } = await buildSite(source, { domain: 'specs' });
  const endpoints = (nodes: ManifestNavigationNode[]): string[] =>
    nodes.flatMap((node) => (node.kind === 'endpoint' ? [String(node.path)] : endpoints(node.children ?? [])));
  return {
    pages: manifest?.pages.map((page) =>
      [page.path, page.operation?.specFile, page.operation?.method].filter(Boolean).join(' '),
    ),
    endpoints: endpoints(manifest?.navigation ?? []),
    duplicates: diagnostics
      .filter((diagnostic) => diagnostic.ruleId === 'duplicate-page')
      .map((diagnostic) => `${diagnostic.pointer}: ${diagnostic.message}`),
  };
}

describe('endpoint pages of an operation in several specs', () => {
  it('makes one page of an operation that a tab spec and a group spec both hold, listed at both places, the group spec’s content', async () => {
    const result = await build(
      {
        tabs: [
          {
            tab: 'API',
            openapi: 'all.json',
            groups: [
              { group: 'Overview', pages: ['index'] },
              { group: 'Pets', openapi: 'pets.json' },
            ],
          },
        ],
      },
      {
        'all.json': spec('Pets', [
          ['get', '/pets', 'List pets'],
          ['post', '/pets', 'Add a pet'],
          ['get', '/owners', 'List owners'],
        ]),
        'pets.json': spec('Pets', [
          ['get', '/pets', 'List pets'],
          ['post', '/pets', 'Add a pet'],
        ]),
      },
    );
    // The platform expands the tab's spec before the group's; the later one's page stays at the shared address.
    expect(result.pages).toEqual([
      'index',
      'api-reference/pets/list-pets pets.json GET',
      'api-reference/pets/add-a-pet pets.json POST',
      'api-reference/pets/list-owners all.json GET',
    ]);
    expect(result.endpoints).toEqual([
      'api-reference/pets/list-pets',
      'api-reference/pets/add-a-pet',
      'api-reference/pets/list-pets',
      'api-reference/pets/add-a-pet',
      'api-reference/pets/list-owners',
    ]);
    // The sidebar lists both pages twice, as the platform's does: one warning at the tab's `openapi`.
    expect(result.duplicates).toEqual([
      '/navigation/tabs/0/openapi: Unexpected second reference to 2 pages in the same navigation (`api-reference/pets/list-pets` first at /navigation/tabs/0/groups/1/openapi, and 1 more), expected each page once per language, version, product, tab, menu item, dropdown and anchor',
    ]);
  });

  it('keeps the `-1` of two operations with one summary in one tag group of one spec, however often the spec is expanded', async () => {
    const shop = spec('Products', [
      ['get', '/products/{id}', 'Get a product'],
      ['delete', '/products/{id}', 'Get a product'],
    ]);
    const result = await build(
      {
        tabs: [
          { tab: 'A', openapi: 'shop.json' },
          { tab: 'B', openapi: 'copy.json' },
        ],
      },
      { 'shop.json': shop, 'copy.json': shop },
    );
    expect(result.pages).toEqual([
      'api-reference/products/get-a-product copy.json GET',
      'api-reference/products/get-a-product-1 copy.json DELETE',
    ]);
    expect(result.endpoints).toEqual([
      'api-reference/products/get-a-product',
      'api-reference/products/get-a-product-1',
      'api-reference/products/get-a-product',
      'api-reference/products/get-a-product-1',
    ]);
  });

  it('gives operation references with one summary one address, as the platform names each reference on its own', async () => {
    const result = await build(
      { groups: [{ group: 'Products', openapi: 'shop.json', pages: ['GET /products/{id}', 'DELETE /products/{id}'] }] },
      {
        'shop.json': spec('Products', [
          ['get', '/products/{id}', 'Get a product'],
          ['delete', '/products/{id}', 'Get a product'],
        ]),
      },
    );
    expect(result.pages).toEqual(['api-reference/products/get-a-product shop.json DELETE']);
    expect(result.endpoints).toEqual(['api-reference/products/get-a-product', 'api-reference/products/get-a-product']);
  });
});

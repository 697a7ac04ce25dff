import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Plants', version: '1' },
  paths: {
    '/plants': {
      get: { summary: 'List plants', description: 'Returns all plants.', responses: { 200: { description: 'OK' } } },
    },
  },
  webhooks: {
    'plant.created': {
      post: { summary: 'Plant created', description: 'A plant was added.', responses: { 200: { description: 'OK' } } },
    },
  },
};
const asyncApi = [
  'asyncapi: 3.0.0',
  'info:',
  '  title: Prices',
  '  version: 1.0.0',
  'channels:',
  '  prices:',
  '    address: /prices',
  '    description: Live prices.',
  '    messages:',
  '      tick:',
  '        payload:',
  '          type: object',
  '',
].join('\n');

/** Builds a site of these pages (listed in this order) with the files beside them. */
function buildGarden(pages: string[], files: Record<string, string>) {
  return buildSite(
    siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Garden',
        colors: { primary: '#0F766E' },
        navigation: { pages },
      }),
      ...files,
    }),
    { domain: 'garden' },
  );
}

/** Each manifest page's path, title and description. */
function titlesAndDescriptions(result: Awaited<ReturnType<typeof buildSite>>) {
  const manifest = result.manifest;
  return manifest?.pages.map((page) => [page.path, page.title, manifest.contents[page.content ?? -1]?.description]);
}

describe('pages naming an operation or channel in their frontmatter', () => {
  it("take its description when their frontmatter has none, titled or not, as the platform's page metadata does", async () => {
    const result = await buildGarden(['plants', 'plants-titled', 'plants-described', 'prices'], {
      'openapi.json': JSON.stringify(spec),
      'asyncapi.yaml': asyncApi,
      'plants.mdx': '---\nopenapi: "GET /plants"\n---\n',
      'plants-titled.mdx': '---\ntitle: "Get Plants"\nopenapi: "GET /plants"\n---\n',
      'plants-described.mdx': '---\ntitle: "Get Plants"\ndescription: "Our own words."\nopenapi: "GET /plants"\n---\n',
      'prices.mdx': '---\ntitle: "Prices"\nasyncapi: "asyncapi.yaml prices"\n---\n',
    });
    // `getDecoratedNavPageAndSlug` of @mintlify/common 1.0.1211: `{ title: schemaTitle ?? slugToTitle(slug),
    // description: schemaDescription, ...frontmatter }` — the operation's (or channel's) description unless the
    // frontmatter has its own, whatever its title.
    expect(titlesAndDescriptions(result)).toEqual([
      ['plants', 'List plants', 'Returns all plants.'],
      ['plants-titled', 'Get Plants', 'Returns all plants.'],
      ['plants-described', 'Get Plants', 'Our own words.'],
      ['prices', 'Prices', 'Live prices.'],
    ]);
    expect(result.files.get('llms.txt')).toContain('- [Get Plants](plants-titled.md): Returns all plants.');
  });

  it("take no webhook's description, titled or not: the platform looks operations up among the spec's paths only", async () => {
    const result = await buildGarden(['plant-event', 'new-plant'], {
      'openapi.json': JSON.stringify(spec),
      'plant-event.mdx': '---\nopenapi: "WEBHOOK plant.created"\n---\n',
      'new-plant.mdx': '---\ntitle: "New plant"\nopenapi: "WEBHOOK plant.created"\n---\n',
    });
    // `getOpenApiTitleAndDescription` of @mintlify/common 1.0.1211 finds no webhook: title from the file name, no
    // description.
    expect(titlesAndDescriptions(result)).toEqual([
      ['plant-event', 'Plant event', undefined],
      ['new-plant', 'New plant', undefined],
    ]);
  });
});

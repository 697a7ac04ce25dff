import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

/** A spec of one operation. */
const spec = (title: string, path: string) =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title, version: '1' },
    paths: { [path]: { get: { summary: `Get ${path.slice(1)}`, responses: { '200': { description: 'OK' } } } } },
  });

/** A site with a guide, endpoint pages from two specs of its own and one remote spec. */
async function llmsTxt(siteUrl?: string): Promise<string> {
  const result = await buildSite(
    siteSourceFromObject({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Mini',
        colors: { primary: '#0F766E' },
        navigation: {
          groups: [
            { group: 'Guide', pages: ['intro'] },
            { group: 'API', openapi: 'openapi.json' },
            { group: 'Admin API', openapi: '/specs/admin.yaml' },
            { group: 'Remote API', openapi: 'https://api.example.com/v3/openapi' },
          ],
        },
      }),
      'intro.mdx': '---\ntitle: Intro\n---\n\nHello.\n',
      'openapi.json': spec('Main', '/users'),
      'specs/admin.yaml': spec('Admin', '/admins'),
    }),
    {
      domain: 'mini',
      ...(siteUrl ? { siteUrl } : {}),
      fetchRemote: async () => spec('Remote', '/memories'),
    },
  );
  return result.files.get('llms.txt') ?? '';
}

describe('llms.txt lists the OpenAPI specs, as the platform does', () => {
  it('ends with an "OpenAPI Specs" section linking each spec once, named by its file', async () => {
    const text = await llmsTxt('https://docs.example.com');
    expect(
      text.endsWith(
        [
          '## OpenAPI Specs',
          '',
          '- [openapi](https://docs.example.com/openapi.json)',
          '- [admin](https://docs.example.com/specs/admin.yaml)',
          '- [openapi](https://api.example.com/v3/openapi)',
          '',
        ].join('\n'),
      ),
    ).toBe(true);
    expect(text).toContain('- [Intro](https://docs.example.com/intro.md)');
  });

  it('without a site URL lists only the remote specs (the runtime serves no spec file)', async () => {
    const text = await llmsTxt();
    expect(text.endsWith('## OpenAPI Specs\n\n- [openapi](https://api.example.com/v3/openapi)\n')).toBe(true);
  });
});

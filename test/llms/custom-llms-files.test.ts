import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const DOCS_JSON = JSON.stringify({
  theme: 'mint',
  name: 'Mini',
  colors: { primary: '#0F766E' },
  navigation: { groups: [{ group: 'Guide', pages: ['quickstart'] }] },
});
const QUICKSTART = '---\ntitle: Quickstart\n---\n\nInstall it.\n';
const CUSTOM_LLMS =
  '# Mini\n\n> Written by hand for agents.\n\n## Start here\n\n- [Quickstart](https://mini.example/quickstart.md)\n';

describe("a site's own llms.txt and llms-full.txt replace the generated ones, as on the platform", () => {
  let directory: string | undefined;
  afterAll(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('serves a root llms.txt as written and still generates llms-full.txt; a root llms-full.txt replaces that one', async () => {
    const custom = await buildSite(
      siteSourceFromObject({ 'docs.json': DOCS_JSON, 'quickstart.mdx': QUICKSTART, 'llms.txt': CUSTOM_LLMS }),
      { domain: 'mini' },
    );
    expect(custom.files.get('llms.txt')).toBe(CUSTOM_LLMS);
    expect(custom.files.get('llms-full.txt')).toBe('# Quickstart\n\nInstall it.\n');
    const both = await buildSite(
      siteSourceFromObject({
        'docs.json': DOCS_JSON,
        'quickstart.mdx': QUICKSTART,
        'llms.txt': CUSTOM_LLMS,
        'llms-full.txt': '# Mini\n\nEverything.\n',
      }),
      { domain: 'mini' },
    );
    expect([both.files.get('llms.txt'), both.files.get('llms-full.txt')]).toEqual([
      CUSTOM_LLMS,
      '# Mini\n\nEverything.\n',
    ]);
    const generated = await buildSite(siteSourceFromObject({ 'docs.json': DOCS_JSON, 'quickstart.mdx': QUICKSTART }), {
      domain: 'mini',
    });
    expect(generated.files.get('llms.txt')).toBe('# Mini\n\n## Guide\n\n- [Quickstart](quickstart.md)\n');
  });

  it('reads a root llms.txt and llms-full.txt from the site folder; one in a subfolder stays an asset', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-custom-llms-'));
    await mkdir(path.join(directory, 'guides'));
    for (const [file, text] of Object.entries({
      'docs.json': DOCS_JSON,
      'quickstart.mdx': QUICKSTART,
      'llms.txt': CUSTOM_LLMS,
      'llms-full.txt': '# Mini\n',
      'guides/llms.txt': '# Not the site file\n',
    }))
      await writeFile(path.join(directory, file), text);
    const source = await readSiteSource(directory);
    expect([
      source.files.get('llms.txt'),
      source.files.get('llms-full.txt'),
      source.files.has('guides/llms.txt'),
    ]).toEqual([CUSTOM_LLMS, '# Mini\n', false]);
    expect(source.assetFiles?.has('guides/llms.txt')).toBe(true);
  });
});

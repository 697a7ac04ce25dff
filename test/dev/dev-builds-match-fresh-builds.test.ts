import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDirectory, readCurrentBuildId } from '../../contract/artifact-layout.ts';
import { createDevSiteBuilder } from '../../cli/dev/dev-site-builder.ts';
import { GENERATOR } from '../../cli/generator.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { openPageCache } from '../../pipeline/assemble/page-cache.ts';

/** An OpenAPI spec of one operation whose description is `description`. */
function spec(description: string): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    paths: {
      '/pets': {
        get: {
          summary: 'List pets',
          description,
          tags: ['Pets'],
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: { 200: { description: 'The pets.' } },
        },
      },
    },
  });
}

/** docs.json listing `pages` and the endpoint pages of openapi.json. */
function config(pages: string[], name = 'Invariant'): string {
  return JSON.stringify({
    theme: 'mint',
    name,
    colors: { primary: '#16A34A' },
    navigation: {
      groups: [
        { group: 'Start', pages },
        { group: 'API', openapi: 'openapi.json' },
      ],
    },
  });
}

/**
 * A site where every per-page result a build could reuse matters: links into headings, titled components of a
 * snippet two pages import, an endpoint page, and a link to an anchor that does not exist yet.
 */
function siteFiles(): Map<string, string> {
  return new Map([
    ['docs.json', config(['index', 'guide', 'faq'])],
    ['snippets/setup.mdx', '<Accordion title="Shared setup">Install the CLI first.</Accordion>\n'],
    [
      'index.mdx',
      [
        '---\ntitle: Home\n---\n',
        'Start with [the install step](/guide#install), [the setup](/faq#shared-setup),',
        '[the guide setup](/guide#shared-setup), [upgrades](/guide#upgrade) and [questions](/faq#billing).\n',
      ].join('\n'),
    ],
    [
      'guide.mdx',
      "---\ntitle: Guide\n---\nimport Setup from '/snippets/setup.mdx';\n\n## Install\n\nRun the installer.\n\n<Setup />\n",
    ],
    [
      'faq.mdx',
      "---\ntitle: FAQ\n---\nimport Setup from '/snippets/setup.mdx';\n\n## Billing\n\nInvoices are monthly.\n\n<Setup />\n",
    ],
    ['openapi.json', spec('Lists every pet of the store.')],
  ]);
}

/** The saves of the sequence, each a change to the site's files. */
const SAVES: [string, (files: Map<string, string>) => void][] = [
  ['edit a page', (files) => files.set('faq.mdx', `${files.get('faq.mdx') as string}\nRefunds take a week.\n`)],
  [
    'edit a snippet two pages import',
    (files) => files.set('snippets/setup.mdx', '<Accordion title="Common setup">Install the CLI first.</Accordion>\n'),
  ],
  ['edit the OpenAPI spec', (files) => files.set('openapi.json', spec('Lists the pets, oldest first.'))],
  [
    'rename a page',
    (files) => {
      files.set('questions.mdx', files.get('faq.mdx') as string);
      files.delete('faq.mdx');
    },
  ],
  [
    'add a heading another page links to',
    (files) => files.set('guide.mdx', `${files.get('guide.mdx') as string}\n## Upgrade\n\nRun the installer again.\n`),
  ],
  [
    'delete a linked-to anchor',
    (files) => files.set('guide.mdx', (files.get('guide.mdx') as string).replace('## Install\n', 'Install:\n')),
  ],
  ['edit docs.json', (files) => files.set('docs.json', config(['index', 'guide', 'questions'], 'Invariant site'))],
  [
    'import a snippet that is not there yet',
    (files) =>
      files.set(
        'guide.mdx',
        `${files.get('guide.mdx') as string}\nimport Later from '/snippets/later.mdx';\n\n<Later />\n`,
      ),
  ],
  [
    'create that snippet',
    (files) => files.set('snippets/later.mdx', '<Accordion title="Later part">Added later.</Accordion>\n'),
  ],
  [
    'undo the snippet edit',
    (files) => files.set('snippets/setup.mdx', '<Accordion title="Shared setup">Install the CLI first.</Accordion>\n'),
  ],
];

/** Every file of a build directory by its relative name. */
async function readBuild(directory: string): Promise<Map<string, string>> {
  const names = (await readdir(directory, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .sort();
  return new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(path.join(directory, name), 'utf8')] as const)),
  );
}

describe('docsmith dev after a sequence of saves', () => {
  let artifactsDir: string;
  beforeEach(async () => {
    artifactsDir = await mkdtemp(path.join(tmpdir(), 'docsmith-dev-invariant-'));
  });
  afterEach(async () => {
    await rm(artifactsDir, { recursive: true, force: true });
  });

  it('serves, after each save, the bytes and diagnostics a fresh build of the same files gives', async () => {
    const files = siteFiles();
    let stored: string | undefined;
    const cache = await openPageCache(
      { read: async () => stored, write: async (text) => void (stored = text) },
      'test',
    );
    const builder = createDevSiteBuilder({
      source: { files },
      domain: 'site',
      artifactsDir,
      cache,
      warm: async () => {},
    });
    const domainDir = path.join(artifactsDir, 'site');
    const anchorWarnings: number[] = [];
    for (const [save, apply] of [['first build', () => {}] as const, ...SAVES]) {
      apply(files);
      const dev = await builder.build();
      const fresh = await buildSite({ files: new Map(files) }, { domain: 'site', generator: GENERATOR });
      expect(fresh.stats.errors, save).toBe(0);
      expect(dev.diagnostics, save).toEqual(fresh.diagnostics);
      const served = await readCurrentBuildId(domainDir);
      expect(served, save).toBe(fresh.manifest?.buildId);
      expect(await readBuild(buildDirectory(domainDir, served as string)), save).toEqual(fresh.files);
      anchorWarnings.push(fresh.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'broken-anchor').length);
    }
    // The sequence moves the anchors the links judge: each save that should change a verdict did.
    expect(anchorWarnings).toEqual([1, 1, 3, 3, 2, 1, 2, 2, 2, 2, 1]);
  });
});

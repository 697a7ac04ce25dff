import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteSource, SiteReadError } from '../../cli/read-site-source.ts';

let directory: string;

/** Writes `files` (site path → text) under `site`, creating their folders. */
async function writeSite(site: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
}

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'docsmith-read-site-'));
  const site = path.join(directory, 'site');
  for (const folder of ['guides', 'snippets', 'node_modules/pkg', '.cursor/rules', 'images'])
    await mkdir(path.join(site, folder), { recursive: true });
  const files: Record<string, string> = {
    'docs.json': '{"name": "Site"}',
    'index.mdx': '# Home',
    'guides/intro.md': '# Intro',
    'openapi.yaml': 'openapi: 3.1.0',
    'snippets/card.jsx': 'export const Card = () => null;',
    'node_modules/pkg/readme.md': '# dependency',
    '.cursor/rules/style.mdc': 'rules',
    'images/logo.svg': '<svg/>',
    'big.mdx': 'x'.repeat(2048),
  };
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(site, file), text);
  await mkdir(path.join(directory, 'empty'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('readSiteSource', () => {
  it('reads the text files of a site by POSIX path, skipping node_modules, dot-folders and other files', async () => {
    const source = await readSiteSource(path.join(directory, 'site'));
    expect([...source.files.keys()]).toEqual([
      'big.mdx',
      'docs.json',
      'guides/intro.md',
      'index.mdx',
      'openapi.yaml',
      'snippets/card.jsx',
    ]);
    expect(source.files.get('guides/intro.md')).toBe('# Intro');
  });

  it('reads the files docs.json or a page names under a dot-folder (a generated spec, a snippet and what it imports), and no others there', async () => {
    const site = path.join(directory, 'dot-folders');
    await writeSite(site, {
      'docs.json': '{"navigation": {"pages": ["index"], "openapi": {"source": "snippets/.cache/openapi/spec.json"}}}',
      'index.mdx': 'import Readme from "/snippets/.cache/readme.mdx";\n\n<Readme />',
      'snippets/.cache/openapi/spec.json': '{"openapi": "3.1.0"}',
      'snippets/.cache/readme.mdx': 'import Part from "./part.mdx";\n\n<Part />',
      'snippets/.cache/part.mdx': 'Part.',
      'snippets/.cache/unnamed.mdx': 'Not named by anything.',
      '.github/notes.md': 'Notes that name "snippets/.cache/missing.json".',
    });
    const source = await readSiteSource(site);
    expect([...source.files.keys()].sort()).toEqual([
      'docs.json',
      'index.mdx',
      'snippets/.cache/openapi/spec.json',
      'snippets/.cache/part.mdx',
      'snippets/.cache/readme.mdx',
    ]);
  });

  it('reads copies of a file (a page kept in every version folder) as the same text, other files as their own', async () => {
    const site = path.join(directory, 'versions');
    const page = '---\ntitle: Setup\n---\n\nRéglez le service.\n';
    const files: Record<string, string> = {
      'docs.json': '{"name": "Site"}',
      'v1/setup.mdx': page,
      'v2/setup.mdx': page,
      'fr/v2/setup.mdx': page.replace('Setup', 'Réglages'),
    };
    await writeSite(site, files);
    const source = await readSiteSource(site);
    expect(Object.fromEntries(source.files)).toEqual(files);
  });

  it("leaves out what the site's .mintignore excludes, gitignore-style, and keeps its text for the build", async () => {
    const site = path.join(directory, 'ignoring');
    await writeSite(site, {
      'docs.json': '{"name": "Site"}',
      '.mintignore': '# drafts stay private\ndrafts/\n*.draft.mdx\n**/internal/**\n!guides/keep.draft.mdx\n',
      'index.mdx': '# Home',
      'README.md': '# Repository readme',
      'drafts/next.mdx': '# Next',
      'guides/a.draft.mdx': '# Draft',
      'guides/keep.draft.mdx': '# Kept',
      'guides/README.md': '# Folder readme',
      'dist/page.mdx': '# Built copy',
      'guides/build/workflow.mdx': '# A Build section, not a build output',
      'docs/internal/notes.mdx': '# Notes',
    });
    const source = await readSiteSource(site);
    expect([...source.files.keys()]).toEqual([
      'dist/page.mdx',
      'docs.json',
      'guides/build/workflow.mdx',
      'guides/keep.draft.mdx',
      'guides/README.md',
      'index.mdx',
      'README.md',
    ]);
    expect(source.mintIgnore).toContain('!guides/keep.draft.mdx');
  });

  it('accepts the path of the docs.json itself', async () => {
    const source = await readSiteSource(path.join(directory, 'site', 'docs.json'));
    expect(source.files.get('docs.json')).toBe('{"name": "Site"}');
  });

  it('skips pages over the size limit and refuses a docs.json over it', async () => {
    const source = await readSiteSource(path.join(directory, 'site'), { maxFileBytes: 1024 });
    expect(source.files.has('big.mdx')).toBe(false);
    await expect(readSiteSource(path.join(directory, 'site'), { maxFileBytes: 8 })).rejects.toThrow(
      /too large for a docs.json \(limit 1 KB\)/,
    );
  });

  it('refuses a missing path and a folder without docs.json with a SiteReadError', async () => {
    await expect(readSiteSource(path.join(directory, 'nowhere'))).rejects.toBeInstanceOf(SiteReadError);
    await expect(readSiteSource(path.join(directory, 'empty'))).rejects.toThrow(/no docs.json here/);
  });

  it('refuses a page file given instead of the site, naming what it expects', async () => {
    const page = path.join(directory, 'site', 'big.mdx');
    await expect(readSiteSource(page)).rejects.toThrow(
      new SiteReadError(
        `${page}: Unexpected file \`big.mdx\`, expected a site folder or its docs.json (or legacy mint.json), e.g. ${path.join(directory, 'site')}`,
      ),
    );
  });
});

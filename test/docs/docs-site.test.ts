import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { validateSite } from '../../pipeline/build/validate-site.ts';
import { checkoutRoot } from '../helpers/source-files.ts';

const DOCS = path.join(checkoutRoot, 'docs');

/** Page paths the navigation of docs/docs.json lists (strings of `pages` lists, at any depth). */
function navigationPages(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(navigationPages);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === 'pages' && Array.isArray(value) ? value.flatMap((entry) => (typeof entry === 'string' ? [entry] : navigationPages(entry))) : navigationPages(value)));
}

describe('the documentation site (docs/)', () => {
  it('passes `docsmith validate docs --strict`: no error and no warning', async () => {
    const diagnostics = await validateSite(await readSiteSource(DOCS));
    expect(diagnostics.map((diagnostic) => `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.ruleId} ${diagnostic.message}`)).toEqual([]);
  });

  it('lists every page file in its navigation, so no page is left out of the site and its assistant', async () => {
    const listed = new Set(navigationPages(JSON.parse(await readFile(path.join(DOCS, 'docs.json'), 'utf8')).navigation));
    const files = (await readdir(DOCS, { recursive: true })).filter((file) => /\.mdx?$/.test(file)).map((file) => file.split(path.sep).join('/').replace(/\.mdx?$/, ''));
    expect(files.filter((page) => !listed.has(page)).sort(), 'add these pages to docs/docs.json').toEqual([]);
  });

  it('is where the README, CONTRIBUTING and CHANGELOG link: every relative link names a file of the checkout', async () => {
    const missing: string[] = [];
    for (const file of ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md']) {
      const text = await readFile(path.join(checkoutRoot, file), 'utf8');
      for (const match of text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)(?:#[^)]*)?\)/g)) {
        const target = match[1] as string;
        if (!(await access(path.join(checkoutRoot, target)).then(() => true, () => false))) missing.push(`${file} → ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

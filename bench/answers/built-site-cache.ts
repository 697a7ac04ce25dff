import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { expandManifestPages } from '../../schemas/expand-manifest-pages.ts';

/** What the answers bench needs of a built site: its search artifact's text and, per page, what a reader of the page sees. */
export interface BuiltSite {
  name: string;
  directory: string;
  siteName: string;
  searchJson: string;
  pages: BuiltPage[];
}

/** A page of a built site: its path, title, source file (none for a generated endpoint page) and its Markdown as built. */
export interface BuiltPage {
  path: string;
  title: string;
  description?: string;
  file?: string;
  markdown: string;
}

const PROJECT = path.resolve(import.meta.dirname, '../..');
/** The code a build's output depends on: a change in any of these files makes every cached build stale. */
const BUILD_CODE = ['pipeline', 'contract', 'schemas', 'cli/read-site-source.ts', 'package-lock.json'];
const CACHE_FOLDER = path.join(PROJECT, '.bench-tmp', 'built-sites');

/**
 * Builds the site in `directory` (as `docsmith build` would, in process), or reads the build from the bench cache
 * (`.bench-tmp/built-sites/`, git-ignored) when neither the site's files nor the build code changed since: the
 * answers bench reruns on the same sites after every change to the runtime, which never changes a build.
 */
export async function builtSite(name: string, directory: string): Promise<BuiltSite> {
  const key = createHash('sha256')
    .update(fingerprint(BUILD_CODE.map((entry) => path.join(PROJECT, entry))))
    .update(fingerprint([directory]))
    .update(name)
    .digest('hex')
    .slice(0, 20);
  const cached = path.join(CACHE_FOLDER, `${name}-${key}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as BuiltSite;
  } catch {
    // Not built yet with this code and these files.
  }
  const result = await buildSite(await readSiteSource(directory), { domain: name });
  const manifest = result.manifest;
  const pages = (manifest ? expandManifestPages(manifest) : []).map((page) => ({
    path: page.path,
    title: page.title,
    ...(page.description ? { description: page.description } : {}),
    ...(page.file ? { file: page.file } : {}),
    markdown: result.files.get(`pages/${page.path}.md`) ?? '',
  }));
  const site: BuiltSite = {
    name,
    directory,
    siteName: typeof manifest?.site?.name === 'string' ? manifest.site.name : name,
    searchJson: result.files.get('search.json') as string,
    pages,
  };
  mkdirSync(CACHE_FOLDER, { recursive: true });
  writeFileSync(cached, JSON.stringify(site));
  return site;
}

/** Sizes and modification times of every file under the given paths (node_modules and dot-folders aside), as one string. */
function fingerprint(roots: string[]): string {
  const entries: string[] = [];
  const walk = (target: string): void => {
    const info = statSync(target, { throwIfNoEntry: false });
    if (!info) return;
    if (!info.isDirectory()) {
      entries.push(`${target}:${info.size}:${info.mtimeMs}`);
      return;
    }
    for (const entry of readdirSync(target).sort())
      if (entry !== 'node_modules' && !entry.startsWith('.')) walk(path.join(target, entry));
  };
  for (const root of roots) walk(root);
  return entries.join('\n');
}

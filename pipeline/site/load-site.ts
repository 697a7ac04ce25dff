import type { SiteSource } from './site-source.ts';

/** The files of a site sorted by role. */
export interface SiteFiles {
  configFile: string | undefined;
  /** `.mdx`/`.md` files that may be pages (snippet folders, README-style files and editor rules excluded). */
  pageFiles: string[];
  /** Files under a `snippets/` or `_snippets/` folder. */
  snippetFiles: string[];
  /** JSON/YAML files that look like OpenAPI, Swagger or AsyncAPI documents. */
  specFiles: string[];
}

const SNIPPET_FOLDER = /(?:^|\/)_?snippets\//;
const SPEC_MARKER = /^\s*["']?(?:openapi|swagger|asyncapi)["']?\s*:/m;

/**
 * Sorts a site's files by role (DESIGN.md §4): pages, snippets, API specs and the configuration. Files
 * imported by other pages are pages here; the build drops them once their importers are parsed.
 */
export function loadSite(source: SiteSource): SiteFiles {
  const pageFiles: string[] = [];
  const snippetFiles: string[] = [];
  const specFiles: string[] = [];
  for (const file of [...source.files.keys()].sort()) {
    if (/\.mdx?$/i.test(file)) {
      if (SNIPPET_FOLDER.test(file)) snippetFiles.push(file);
      else if (!isExcludedPage(file)) pageFiles.push(file);
    } else if (/\.(?:json|ya?ml)$/i.test(file) && file !== 'docs.json' && SPEC_MARKER.test((source.files.get(file) ?? '').slice(0, 4000))) {
      specFiles.push(file);
    }
  }
  return { configFile: source.files.has('docs.json') ? 'docs.json' : undefined, pageFiles, snippetFiles, specFiles };
}

/** README/LICENSE/CONTRIBUTING/AGENTS/CLAUDE `.md` files and anything in node_modules or a dot-folder are never pages. */
function isExcludedPage(file: string): boolean {
  const base = file.split('/').pop() ?? file;
  return (
    /^(?:readme|license|licence|contributing|agents|claude)\.md$/i.test(base) ||
    file.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules')
  );
}

/** The route of a page file: its path without extension (`guides/intro.mdx` → `guides/intro`). */
export function pagePathForFile(file: string): string {
  return file.replace(/\.mdx?$/i, '');
}

/** The page file of a route (`.mdx` preferred over `.md`, then `<route>/index`), or undefined. */
export function findPageFile(files: Iterable<string> | ReadonlySet<string>, route: string): string | undefined {
  const set = files instanceof Set ? (files as ReadonlySet<string>) : new Set(files);
  for (const candidate of [`${route}.mdx`, `${route}.md`, `${route}/index.mdx`, `${route}/index.md`]) {
    if (set.has(candidate)) return candidate;
  }
  return undefined;
}

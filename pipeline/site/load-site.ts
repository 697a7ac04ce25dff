import type { SiteSource } from './site-source.ts';
import { describeSkippedFile, unreadableFileReason } from './unreadable-file-reason.ts';

/** The files of a site sorted by role; every list is sorted. */
export interface SiteFiles {
  /** `docs.json` at the site root, when there is one. */
  configFile: string | undefined;
  /** `.mdx`/`.md` files that may be pages (see `isPageCandidate`); the build removes those other pages import. */
  pageFiles: string[];
  /** Other `.mdx`/`.md` files (README, LICENSE, snippets…): pages only when the navigation names them. */
  namedOnlyPageFiles: string[];
  /** Files in a `snippets/` or `_snippets/` folder at any depth. */
  snippetFiles: string[];
  /** JSON/YAML files that look like OpenAPI, Swagger or AsyncAPI documents, anywhere in the site. */
  specFiles: string[];
  /** Page and spec files that cannot be read as text, with the reason (`binary file`, `file larger than 10 MB`). */
  unreadableFiles: Map<string, string>;
}

const CONFIG_FILE = 'docs.json';
const PAGE_FILE = /\.mdx?$/i;
const SPEC_FILE = /\.(?:json|ya?ml)$/i;
const SNIPPET_FOLDER = /(?:^|\/)_?snippets\//;
const IGNORED_FOLDER = /(?:^|\/)(?:\.[^/]*|node_modules)\//;
/** Repository files, not pages: `.md` in any case; `.mdx` only in capitals (mcp's `community/contributing.mdx` is a page). */
const REPOSITORY_MARKDOWN = /(?:^|\/)(?:readme|license|licence|contributing|agents|claude)\.md$/i;
const REPOSITORY_MDX = /(?:^|\/)(?:README|LICENSE|LICENCE|CONTRIBUTING|AGENTS|CLAUDE)\.mdx$/;
/** A top-level `openapi`/`swagger`/`asyncapi` key whose value is a version number (`3.1.0`, `"2.0"`). */
const SPEC_MARKER = /^[ \t]*\{?[ \t]*["']?(?:openapi|swagger|asyncapi)["']?[ \t]*:[ \t]*["']?\d/m;
/** The same key anywhere on a line of JSON (minified specs put `info` first). */
const JSON_SPEC_MARKER = /"(?:openapi|swagger|asyncapi)"[ \t]*:[ \t]*"?\d/;
/** How much of a JSON/YAML file is searched for the spec marker. */
const SPEC_MARKER_WINDOW = 4000;
const PAGE_EXTENSION = /\.mdx?$/i;
const PAGE_EXTENSIONS = ['.mdx', '.md', '.MDX', '.MD'];

/**
 * Sorts a site's files by role (docs/concepts/architecture.mdx §2): configuration, page candidates, snippets and API specs
 * (anywhere in the tree, outside node_modules and dot-folders), and page/spec files that cannot be read.
 * Files that another page imports are still listed as pages here: the build drops them once the pages are
 * parsed (`ParsedPage.imports`).
 */
export function loadSite(source: SiteSource): SiteFiles {
  const pageFiles: string[] = [];
  const namedOnlyPageFiles: string[] = [];
  const snippetFiles: string[] = [];
  const specFiles: string[] = [];
  const unreadableFiles = new Map<string, string>();
  for (const file of [...source.files.keys()].sort()) {
    if (isIgnoredFile(file) || file === CONFIG_FILE) continue;
    const isSpecLike = SPEC_FILE.test(file) && looksLikeApiSpec(source.files.get(file) ?? '');
    const unreadable = PAGE_FILE.test(file) || isSpecLike ? unreadableFileReason(source, file) : undefined;
    if (unreadable !== undefined) {
      unreadableFiles.set(file, unreadable);
    } else if (isSnippetFile(file)) {
      snippetFiles.push(file);
      if (PAGE_FILE.test(file)) namedOnlyPageFiles.push(file);
    } else if (isPageCandidate(file)) {
      pageFiles.push(file);
    } else if (PAGE_FILE.test(file)) {
      namedOnlyPageFiles.push(file);
    } else if (isSpecLike) {
      specFiles.push(file);
    }
  }
  for (const [file, skipped] of source.skippedFiles ?? []) {
    if (isIgnoredFile(file) || !(PAGE_FILE.test(file) || SPEC_FILE.test(file))) continue;
    if (PAGE_FILE.test(file) || looksLikeApiSpec(skipped.head ?? '')) unreadableFiles.set(file, describeSkippedFile(skipped));
  }
  return { configFile: source.files.has(CONFIG_FILE) ? CONFIG_FILE : undefined, pageFiles, namedOnlyPageFiles, snippetFiles, specFiles, unreadableFiles: new Map([...unreadableFiles].sort(([left], [right]) => left.localeCompare(right))) };
}

/** Whether a file is in `node_modules` or a dot-folder (`.cursor/`, `.github/`): never part of the site. */
export function isIgnoredFile(file: string): boolean {
  return IGNORED_FOLDER.test(file);
}

/** Whether a file is in a `snippets/` or `_snippets/` folder at any depth (snippets are never pages). */
export function isSnippetFile(file: string): boolean {
  return SNIPPET_FOLDER.test(file);
}

/**
 * Whether a file may be a page: `.mdx`/`.md`, not a snippet, not in node_modules or a dot-folder, not a
 * README/LICENSE/CONTRIBUTING/AGENTS/CLAUDE file in any folder (`.md` in any case, `.mdx` in capitals).
 * `.mdc` editor rules are not `.md`/`.mdx`, so never pages.
 */
export function isPageCandidate(file: string): boolean {
  return PAGE_FILE.test(file) && !isSnippetFile(file) && !isIgnoredFile(file) && !REPOSITORY_MARKDOWN.test(file) && !REPOSITORY_MDX.test(file);
}

/** Whether JSON/YAML text looks like an OpenAPI, Swagger or AsyncAPI document (a cheap textual check of its start). */
export function looksLikeApiSpec(text: string): boolean {
  const start = text.slice(0, SPEC_MARKER_WINDOW);
  return SPEC_MARKER.test(start) || (start.trimStart().startsWith('{') && JSON_SPEC_MARKER.test(start));
}

/** The route of a page file: its path without extension, no leading slash (`guides/intro.mdx` → `guides/intro`). */
export function pagePathForFile(file: string): string {
  const dot = file.length - (file.endsWith('x') || file.endsWith('X') ? 4 : 3);
  return dot >= 0 && PAGE_EXTENSION.test(file.slice(dot)) ? file.slice(0, dot) : file;
}

/** `findPageFile` over one set of files, indexed once: for the many routes of a large navigation. */
export function pageFileFinder(files: Iterable<string>): (route: string) => string | undefined {
  const byRoute = new Map<string, { file: string; rank: number }>();
  for (const file of files) {
    const rank = PAGE_EXTENSIONS.findIndex((extension) => file.endsWith(extension));
    if (rank === -1) continue;
    const route = file.slice(0, -(PAGE_EXTENSIONS[rank] as string).length);
    const known = byRoute.get(route);
    if (!known || rank < known.rank) byRoute.set(route, { file, rank });
  }
  return (route) => (byRoute.get(route) ?? byRoute.get(`${route}/index`))?.file;
}

/** The page file of a route (`<route>.mdx`, else `<route>.md`, else `<route>/index.mdx|md`; extensions in either case), or undefined. */
export function findPageFile(files: Iterable<string>, route: string): string | undefined {
  const set: ReadonlySet<string> = files instanceof Set ? (files as Set<string>) : new Set(files);
  for (const base of [route, `${route}/index`]) {
    for (const extension of PAGE_EXTENSIONS) {
      if (set.has(base + extension)) return base + extension;
    }
  }
  return undefined;
}

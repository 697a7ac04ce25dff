import { defaultFolderFilter } from './mint-ignore.ts';
import type { SiteSource } from './site-source.ts';
import { describeSkippedFile, unreadableFileReason } from './unreadable-file-reason.ts';

/** The files of a site sorted by role; every list is sorted. */
export interface SiteFiles {
  /** `docs.json` at the site root, when there is one. */
  configFile: string | undefined;
  /** `.mdx`/`.md` files that may be pages (see `isPageCandidate`); the build removes those other pages import. */
  pageFiles: string[];
  /** Other `.mdx`/`.md` files (README, LICENSE, snippets, files in the default folders `build/`, `dist/`…): pages only when the navigation names them. */
  namedOnlyPageFiles: string[];
  /** Files in a `snippets/` or `_snippets/` folder at any depth. */
  snippetFiles: string[];
  /** JSON/YAML files that look like OpenAPI, Swagger or AsyncAPI documents, anywhere in the site but the default folders (loaded there only when named). */
  specFiles: string[];
  /** Page and spec files that cannot be read as text, with the reason (`binary file`, `file larger than 10 MB`, a link out of the site). */
  unreadableFiles: Map<string, string>;
  /** Other symbolic links that leave the site folder (to a folder, an image, a snippet…): never read, reported by the build. */
  outsideLinks: { path: string; folder: boolean }[];
}

const CONFIG_FILE = 'docs.json';
const PAGE_FILE = /\.mdx?$/i;
const SPEC_FILE = /\.(?:json|ya?ml)$/i;
const SNIPPET_FOLDER = /(?:^|\/)_?snippets\//;
const IGNORED_FOLDER = /(?:^|\/)(?:\.[^/]*|node_modules)\//;
/** Repository files, not pages, as the platform's default ignore list has them: `.md` in any case; `.mdx` only in capitals (mcp's `community/contributing.mdx` and sites' `changelog.mdx` are pages). */
const REPOSITORY_MARKDOWN = /(?:^|\/)(?:readme|license|licence|changelog|contributing|agents|claude)\.md$/i;
const REPOSITORY_MDX = /(?:^|\/)(?:README|LICENSE|LICENCE|CHANGELOG|CONTRIBUTING|AGENTS|CLAUDE)\.mdx$/;
/** The site's skill file for agents, served as written at `/skill.md` (the platform's `skillFile`), no page. */
const SKILL_FILE = /^skill\.md$/i;
/** A top-level `openapi`/`swagger`/`asyncapi` key whose value is a version number (`3.1.0`, `"2.0"`). */
const SPEC_MARKER = /^[ \t]*\{?[ \t]*["']?(?:openapi|swagger|asyncapi)["']?[ \t]*:[ \t]*["']?\d/m;
/** The same key anywhere on a line of JSON (minified specs put `info` first). */
const JSON_SPEC_MARKER = /"(?:openapi|swagger|asyncapi)"[ \t]*:[ \t]*"?\d/;
/** How much of a JSON/YAML file is searched for the marker at any depth; further on, only a top-level key counts. */
const SPEC_MARKER_WINDOW = 4000;
/** A top-level key of YAML: at the start of a line. */
const TOP_LEVEL_YAML_SPEC_MARKER = /^["']?(?:openapi|swagger|asyncapi)["']?[ \t]*:[ \t]*["']?\d/m;
/** The JSON marker where a string token starts (checked at depth 1 only). */
const JSON_SPEC_KEY = /"(?:openapi|swagger|asyncapi)"\s*:\s*"?\d/y;
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
  const inDefaultFolder = defaultFolderFilter(source.mintIgnore);
  for (const file of [...source.files.keys()].sort()) {
    if (isIgnoredFile(file) || file === CONFIG_FILE) continue;
    const namedOnly = inDefaultFolder(file);
    const isSpecLike = SPEC_FILE.test(file) && looksLikeApiSpec(source.files.get(file) ?? '');
    const unreadable =
      PAGE_FILE.test(file) || (isSpecLike && !namedOnly) ? unreadableFileReason(source, file) : undefined;
    if (unreadable !== undefined) {
      unreadableFiles.set(file, unreadable);
    } else if (isSnippetFile(file)) {
      snippetFiles.push(file);
      if (PAGE_FILE.test(file)) namedOnlyPageFiles.push(file);
    } else if (isPageCandidate(file) && !namedOnly) {
      pageFiles.push(file);
    } else if (PAGE_FILE.test(file)) {
      namedOnlyPageFiles.push(file);
    } else if (isSpecLike && !namedOnly) {
      specFiles.push(file);
    }
  }
  const outsideLinks: SiteFiles['outsideLinks'] = [];
  for (const [file, skipped] of source.skippedFiles ?? []) {
    if (isIgnoredFile(file)) continue;
    const folder = skipped.reason === 'outside-site' && skipped.folder === true;
    const isSpecLike = SPEC_FILE.test(file) && !inDefaultFolder(file) && looksLikeApiSpec(skipped.head ?? '');
    if (!folder && (PAGE_FILE.test(file) || isSpecLike)) unreadableFiles.set(file, describeSkippedFile(skipped));
    else if (skipped.reason === 'outside-site') outsideLinks.push({ path: file, folder });
  }
  return {
    configFile: source.files.has(CONFIG_FILE) ? CONFIG_FILE : undefined,
    pageFiles,
    namedOnlyPageFiles,
    snippetFiles,
    specFiles,
    unreadableFiles: new Map([...unreadableFiles].sort(([left], [right]) => left.localeCompare(right))),
    outsideLinks: outsideLinks.sort((left, right) => left.path.localeCompare(right.path)),
  };
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
 * README/LICENSE/CHANGELOG/CONTRIBUTING/AGENTS/CLAUDE file in any folder (`.md` in any case, `.mdx` in capitals),
 * not the site's root `skill.md`. `.mdc` editor rules are not `.md`/`.mdx`, so never pages.
 */
export function isPageCandidate(file: string): boolean {
  return (
    PAGE_FILE.test(file) &&
    !isSnippetFile(file) &&
    !isIgnoredFile(file) &&
    !REPOSITORY_MARKDOWN.test(file) &&
    !REPOSITORY_MDX.test(file) &&
    !SKILL_FILE.test(file)
  );
}

/**
 * Whether JSON/YAML text looks like an OpenAPI, Swagger or AsyncAPI document: the version key near its start (a cheap
 * textual check), or as a top-level key anywhere further on (a generated spec may write `info`, `paths` and
 * `components` first: one linear pass, only for texts that hold the key at all).
 */
export function looksLikeApiSpec(text: string): boolean {
  const start = text.slice(0, SPEC_MARKER_WINDOW);
  const json = start.trimStart().startsWith('{');
  if (SPEC_MARKER.test(start) || (json && JSON_SPEC_MARKER.test(start))) return true;
  if (text.length <= SPEC_MARKER_WINDOW) return false;
  return json ? JSON_SPEC_MARKER.test(text) && hasTopLevelJsonSpecKey(text) : TOP_LEVEL_YAML_SPEC_MARKER.test(text);
}

/** Whether a JSON text has the spec version key at depth 1 (a member of the top-level object). */
function hasTopLevelJsonSpecKey(text: string): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      if (depth === 1) {
        JSON_SPEC_KEY.lastIndex = index;
        if (JSON_SPEC_KEY.test(text)) return true;
      }
      for (index += 1; index < text.length && text.charCodeAt(index) !== 34; index += 1)
        if (text.charCodeAt(index) === 92) index += 1;
    } else if (code === 123 || code === 91) {
      depth += 1;
    } else if (code === 125 || code === 93) {
      depth -= 1;
    }
  }
  return false;
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

import path from 'node:path/posix';

const SNIPPET_FOLDERS = ['snippets', '_snippets'];
const IMPORT_EXTENSIONS = ['', '.mdx', '.md', '.jsx', '.tsx', '.js', '.ts'];
const SITE_FILE_SPECIFIER = /^\.{0,2}\//;
/** Imports the site reader loads, so a missing one is worth a warning (images and styles are not read). */
const CHECKED_IMPORT = /(?:\.(?:mdx?|[jt]sx?)|\/[^./]+)$/i;
const INLINED_SNIPPET = /\.mdx?$/i;

/** `<Snippet file="x.mdx" />` candidates: a site-absolute path, else `snippets/x.mdx`, then `_snippets/x.mdx`. */
export function snippetElementCandidates(fileAttribute: string): string[] {
  return fileAttribute.startsWith('/')
    ? [path.normalize(fileAttribute.slice(1))]
    : SNIPPET_FOLDERS.map((folder) => path.normalize(`${folder}/${fileAttribute}`));
}

/**
 * The site path an import specifier names from `fromFile` (without extension), or undefined for a package import.
 * Paths resolve like URL paths under the site root: `..` past the root stays at the root, so
 * `../../../snippets/x.mdx` from `vmagent/setup/docker.mdx` is `snippets/x.mdx` (Odigos deploys such imports).
 */
export function importBase(specifier: string, fromFile: string): string | undefined {
  if (!SITE_FILE_SPECIFIER.test(specifier)) return undefined;
  return path.join('/', specifier.startsWith('/') ? specifier : path.join(path.dirname(fromFile), specifier)).slice(1);
}

/** The files an import of `base` may name, in the order they are tried. */
export function importCandidates(base: string): string[] {
  return IMPORT_EXTENSIONS.map((extension) => base + extension);
}

/** Whether a missing import of `base` is worth a warning (a page, snippet or script; not an image or style). */
export function isCheckedImport(base: string): boolean {
  return CHECKED_IMPORT.test(base);
}

/** Whether an imported file is Markdown or MDX, so its component is inlined as a snippet. */
export function isInlinedSnippet(file: string): boolean {
  return INLINED_SNIPPET.test(file);
}

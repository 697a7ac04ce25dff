import ignoreModule, { type Ignore } from 'ignore';

/** The package is CommonJS: under NodeNext its default import is `module.exports`, whose `default` is the factory. */
const createIgnore = ignoreModule.default;

/**
 * The folders the platform's documentation lists as ignored by default (organize/mintignore.mdx), at the site root
 * only (deployed sites keep pages in nested `build/` folders, e.g. `en/cloud/use-dify/build/`). The platform's shipped
 * code ignores none of them, so a file in one is a page only when the navigation names it, and a spec only when a
 * reference names it (docs/decisions/0267-default-folders-hold-named-pages.md). Dot-folders and node_modules the
 * reader skips anyway; README/LICENSE/CHANGELOG/CONTRIBUTING follow the same named-only rule (`load-site.ts`).
 */
export const DEFAULT_MINT_IGNORE = ['/build/', '/dist/', '/coverage/', '/tmp/', '/temp/'];

/**
 * Whether a site path (POSIX, relative to the site root; folders with a trailing `/`) is excluded from the site by
 * the patterns of the site's `.mintignore` (gitignore syntax, `!` re-includes). The default folders are not excluded
 * here: `defaultFolderFilter` tells them apart.
 */
export function mintIgnoreFilter(mintignore = ''): (sitePath: string) => boolean {
  const matcher = createIgnore().add(mintignore);
  return (sitePath) => ignores(matcher, sitePath);
}

/**
 * Whether a site path is in one of the default folders (`DEFAULT_MINT_IGNORE`) and the site's `.mintignore` does not
 * re-include it (`!/build/`): a file only a navigation entry or a reference brings into the site.
 */
export function defaultFolderFilter(mintignore = ''): (sitePath: string) => boolean {
  const defaults = createIgnore().add(DEFAULT_MINT_IGNORE);
  const matcher = createIgnore().add(DEFAULT_MINT_IGNORE).add(mintignore);
  return (sitePath) => ignores(defaults, sitePath) && matcher.ignores(sitePath);
}

/**
 * A hint for a page the navigation names but the site's `.mintignore` leaves out: which file of the route
 * (`<route>.mdx`, `.md`, `<route>/index.mdx`, `.md`) which line excludes (the last pattern matching it, as gitignore
 * decides). Undefined when the site's patterns leave every file of the route in the site.
 */
export function mintIgnoreHintForRoute(mintignore: string, route: string): string | undefined {
  const matcher = createIgnore().add(mintignore);
  const lines = mintignore.split(/\r?\n/);
  for (const file of [`${route}.mdx`, `${route}.md`, `${route}/index.mdx`, `${route}/index.md`]) {
    if (!ignores(matcher, file)) continue;
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      const pattern = (lines[index] as string).trim();
      if (pattern === '' || pattern.startsWith('#') || pattern.startsWith('!')) continue;
      if (createIgnore().add(pattern).ignores(file))
        return `\`${file}\` is excluded by .mintignore line ${index + 1} (\`${pattern}\`): change that line, or remove the entry from the navigation.`;
    }
  }
  return undefined;
}

/** A matcher's verdict on a site path; a path the package cannot judge (`../x`, `/x`, empty; it throws on them) is not excluded. */
function ignores(matcher: Ignore, sitePath: string): boolean {
  return createIgnore.isPathValid(sitePath) && matcher.ignores(sitePath);
}

import ignoreModule from 'ignore';

/** The package is CommonJS: under NodeNext its default import is `module.exports`, whose `default` is the factory. */
const createIgnore = ignoreModule.default;

/**
 * What the platform leaves out of every site without configuration: its documented default folders, at the site
 * root only (deployed sites keep pages in nested `build/` folders, e.g. `en/cloud/use-dify/build/`). Dot-folders and
 * node_modules the reader skips anyway; README/LICENSE/CHANGELOG/CONTRIBUTING stay pages only when the navigation
 * names them (`pipeline/site/load-site.ts`).
 */
export const DEFAULT_MINT_IGNORE = ['/build/', '/dist/', '/coverage/', '/tmp/', '/temp/'];

/**
 * Whether a site path (POSIX, relative to the site root; folders with a trailing `/`) is excluded from the site:
 * by the default list or by the patterns of the site's `.mintignore` (gitignore syntax, `!` re-includes).
 */
export function mintIgnoreFilter(mintignore = ''): (sitePath: string) => boolean {
  const matcher = createIgnore().add(DEFAULT_MINT_IGNORE).add(mintignore);
  return (sitePath) => matcher.ignores(sitePath);
}

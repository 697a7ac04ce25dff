import ignoreModule from 'ignore';

/** The package is CommonJS: under NodeNext its default import is `module.exports`, whose `default` is the factory. */
const createIgnore = ignoreModule.default;

/** What the platform leaves out of every site without configuration (its documented default ignore list). */
export const DEFAULT_MINT_IGNORE = ['.git', '.github', '.claude', '.agents', '.idea', '.vscode', 'node_modules', 'build', 'dist', 'coverage', '.cache', 'tmp', 'temp', 'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md'];

/**
 * Whether a site path (POSIX, relative to the site root; folders with a trailing `/`) is excluded from the site:
 * by the default list or by the patterns of the site's `.mintignore` (gitignore syntax, `!` re-includes).
 */
export function mintIgnoreFilter(mintignore = ''): (sitePath: string) => boolean {
  const matcher = createIgnore().add(DEFAULT_MINT_IGNORE).add(mintignore);
  return (sitePath) => matcher.ignores(sitePath);
}

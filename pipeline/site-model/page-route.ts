import { posix } from 'node:path';

/**
 * The route a navigation page entry names, resolved as the platform's `normalizeRelativePath` does (`.` and `..`
 * segments and repeated or trailing slashes resolved from the site's root: `a/../guide` is `guide`), trimmed, without
 * `.mdx`/`.md`; `''` is `index`.
 */
export function pageRoute(entry: string): string {
  return (
    posix
      .resolve('/', entry.trim())
      .slice(1)
      .replace(/\.mdx?$/i, '') || 'index'
  );
}

const PAGE_EXTENSION = /\.mdx?$/i;

/**
 * The title the platform gives a page that names none (`slugToTitle` of `@mintlify/common`): the last segment of its
 * path, without a query or a `.mdx`/`.md` extension, each `-` and `_` a space (runs and ends kept), the first letter
 * capitalised — `guides/my--page.mdx` is `My  page`, `get-token-image` is `Get token image`.
 */
export function slugToTitle(path: string): string {
  const slug = path.split('?')[0] ?? path;
  const words = (slug.split('/').pop() ?? slug).replace(PAGE_EXTENSION, '').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

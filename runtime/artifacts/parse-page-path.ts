/** A page path: segments of letters, digits, `-`, `_`, `.` (none starting with `.`, so no `..`), optional leading `/`, trailing `/`, `.md` and `#anchor`. */
const PAGE_PATH = /^\/?((?:[\p{L}\p{N}_-][\p{L}\p{N}._-]*)(?:\/[\p{L}\p{N}_-][\p{L}\p{N}._-]*)*)?\/?(?:\.md)?(?:#.*)?$/u;

/**
 * The page path (`guides/setup`; `index` for `/`) that a caller names as `/guides/setup`, `guides/setup.md` or
 * `/guides/setup#anchor`; undefined when the text is no page path (a `..` or dot segment, a character no page path
 * has), so that it can never name a file outside a build's `pages/` folder.
 */
export function parsePagePath(requested: string): string | undefined {
  const match = PAGE_PATH.exec(requested.trim());
  if (!match) return undefined;
  return (match[1] ?? '').replace(/\.md$/, '') || 'index';
}

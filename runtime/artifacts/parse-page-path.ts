/** One segment of a page path (a file name as the site has it): no `/`, `\\`, `#`, `?`, `%` or control character, not starting with a dot or a space (so never `.` or `..`). */
const SEGMENT = String.raw`[^\s./\\#?%\p{Cc}][^/\\#?%\p{Cc}]*`;
/** A page path: segments, an optional leading `/`, trailing `/`, `.md` and `#anchor`. */
const PAGE_PATH = new RegExp(String.raw`^\/?((?:${SEGMENT})(?:\/${SEGMENT})*)?\/?(?:\.md)?(?:#.*)?$`, 'u');

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

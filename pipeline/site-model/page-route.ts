/** The route a navigation page entry names: no leading `./` or `/`, no `.mdx`/`.md`, no trailing `/`; `''` is `index`. */
export function pageRoute(entry: string): string {
  return (
    entry
      .trim()
      .replace(/^(?:\.?\/+)+/, '')
      .replace(/\.mdx?$/i, '')
      .replace(/\/+$/, '') || 'index'
  );
}

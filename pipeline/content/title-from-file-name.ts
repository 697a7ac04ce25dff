const PAGE_EXTENSION = /\.(?:mdx|md)$/i;
const WORD_SEPARATORS = /[-_]+/g;

/** The title a page without one gets: last path segment, dashes/underscores to spaces, first letter capitalised. */
export function titleFromFileName(file: string): string {
  const name = (file.split('/').pop() ?? file).replace(PAGE_EXTENSION, '').replace(WORD_SEPARATORS, ' ').trim();
  return name.charAt(0).toUpperCase() + name.slice(1);
}

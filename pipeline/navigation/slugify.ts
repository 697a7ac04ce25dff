/**
 * A URL segment as the platform names endpoint pages (`prepareStringToBeValidFilename` of `@mintlify/scraping`):
 * spaces to `-`, `{parameters}` to `-`, one leading and one trailing `-` dropped, `{}(),.'/` and line breaks removed,
 * `--` to `-`, lower-cased. Underscores and other letters stay (`customer_portal`, `café`); characters that cannot
 * stand in a URL path segment (`?`, `#`, `%`, `\`, controls) are removed too.
 */
export function slugify(text: string): string {
  return text
    .replaceAll(' ', '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll('--', '-')
    .toLowerCase()
    .replace(/[?#%\\\p{Cc}]/gu, '');
}

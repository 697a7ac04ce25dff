/**
 * The site's versions a query names as whole words, case-insensitive ("the legacy v1 hooks endpoint" → `v1`; "v1.2"
 * does not name `v1`). Only version names holding a digit count, so a version called `draft` or `latest` is not
 * picked up from an ordinary word of the question.
 */
export function detectQueryVersions(query: string, versions: readonly string[]): string[] {
  const lower = query.toLowerCase();
  return versions.filter((version) => /\d/.test(version) && new RegExp(`(?<![\\p{L}\\p{N}.])${escapeRegExp(version.toLowerCase())}(?![\\p{L}\\p{N}]|\\.\\d)`, 'u').test(lower));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

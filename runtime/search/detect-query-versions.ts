/**
 * The site's versions a query names as whole words, case-insensitive, a name of several parts with or without its
 * leading `v` ("the legacy v1 hooks endpoint" → `v1`; "version 1.15.14" → `v1.15.14`; "v2.0" → `2.0`; "v1.2" does
 * not name `v1`). Only version
 * names holding a digit count, so a version called `draft` or `latest` is not picked up from an ordinary word of the
 * question.
 */
export function detectQueryVersions(query: string, versions: readonly string[]): string[] {
  const lower = query.toLowerCase();
  return versions.filter((version) => {
    if (!/\d/.test(version)) return false;
    const name = version.toLowerCase();
    const number = name.replace(/^v(?=\d)/, '');
    // With or without its `v` when it has several parts ("1.15.14", "v2.0"); a one-part name as written: "retry 2
    // times" does not name `v2`.
    const spelled = /[.-]/.test(number) ? `v?${escapeRegExp(number)}` : escapeRegExp(name);
    return new RegExp(`(?<![\\p{L}\\p{N}.])${spelled}(?![\\p{L}\\p{N}]|\\.\\d)`, 'u').test(lower);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

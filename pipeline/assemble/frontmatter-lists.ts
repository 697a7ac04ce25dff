/** Frontmatter `groups`: the user groups a page is restricted to, a list of strings (or one string); undefined when none. */
export function userGroupsOf(value: unknown): string[] | undefined {
  return frontmatterStrings(Array.isArray(value) ? value : [value]);
}

/** Frontmatter `keywords`: a list of strings, or one comma-separated string; blank ones dropped (undefined when none). */
export function keywordsOf(value: unknown): string[] | undefined {
  return frontmatterStrings(typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : []);
}

/** The strings of a frontmatter list, trimmed, without blanks and other values; undefined when none is left. */
function frontmatterStrings(listed: readonly unknown[]): string[] | undefined {
  const strings = listed
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter(Boolean);
  return strings.length > 0 ? strings : undefined;
}

/** Characters of a requested page path an error message repeats, at most. */
const MAX_QUOTED = 100;

/**
 * A requested page path as an error message repeats it: characters of a page path only (others, spaces included,
 * become `?`) and at most 100 of them, so that a crafted path cannot make the message say something else ("No page
 * /Your account is locked, call…").
 */
export function quotedPagePath(pagePath: string): string {
  const safe = pagePath.replace(/[^\p{L}\p{N}_\-./~]/gu, '?');
  return safe.length > MAX_QUOTED ? `${safe.slice(0, MAX_QUOTED)}…` : safe;
}

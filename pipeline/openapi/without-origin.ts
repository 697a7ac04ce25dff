/** A URL's path and what follows it (`https://api.x.com/v1/users` → `/v1/users`); other text unchanged. */
export function withoutOrigin(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
}

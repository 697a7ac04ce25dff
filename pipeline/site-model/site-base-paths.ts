/**
 * The base paths the platform serves a site below without a custom set-up (its `MANAGED_BASE_PATHS`: hosted at
 * `acme.com/docs`, `acme.com/help`…), longest first.
 */
export const PLATFORM_BASE_PATHS: readonly string[] = [
  '/docs/rest-api/reference',
  '/developers',
  '/ai/docs',
  '/academy',
  '/connect',
  '/guides',
  '/docs',
  '/help',
  '/wiki',
  '/blog',
  '/go',
];

/**
 * The base paths a site may be served below: the path of its public URL (`https://acme.com/docs` → `/docs`) first,
 * then the platform's own.
 */
export function siteBasePaths(siteUrl: string | undefined): string[] {
  let own: string | undefined;
  try {
    own = siteUrl ? new URL(siteUrl).pathname.replace(/\/+$/, '') : undefined;
  } catch {
    own = undefined;
  }
  return own ? [own, ...PLATFORM_BASE_PATHS.filter((base) => base !== own)] : [...PLATFORM_BASE_PATHS];
}

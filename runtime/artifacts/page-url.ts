/** Where the runtime serves a domain's files for agents (`llms.txt`, `<page>.md`, discovery): `/sites/<domain>`. */
export function siteFilesPath(domain: string): string {
  return `/sites/${domain}`;
}

/** Signs a link to a page's Markdown on this runtime for the key that asked (`KeyStore.signPage`); undefined: no signature. */
export type PageSigner = (pagePath: string) => string | undefined;

/**
 * The link to a page: under the site's public URL when its build knows one (`docsmith build --site-url`), else the
 * page's Markdown as this runtime serves it (`<markdownBase>/<path>.md`, e.g. `https://runtime.example/sites/acme`),
 * with `?sig=` when `signPage` signs it (a keyed domain: the link opens without a key), or undefined when neither is
 * known (a local stdio server of a build without a site URL).
 */
export function pageUrl(
  siteUrl: string,
  markdownBase: string,
  pagePath: string,
  anchor: string,
  signPage?: PageSigner,
): string;
export function pageUrl(
  siteUrl: string,
  markdownBase: string | undefined,
  pagePath: string,
  anchor: string,
  signPage?: PageSigner,
): string | undefined;
export function pageUrl(
  siteUrl: string,
  markdownBase: string | undefined,
  pagePath: string,
  anchor: string,
  signPage?: PageSigner,
): string | undefined {
  const hash = anchor ? `#${anchor}` : '';
  if (siteUrl) return `${siteUrl}/${pagePath}${hash}`;
  if (markdownBase === undefined) return undefined;
  const signature = signPage?.(pagePath);
  return `${markdownBase}/${pagePath}.md${signature ? `?sig=${signature}` : ''}${hash}`;
}

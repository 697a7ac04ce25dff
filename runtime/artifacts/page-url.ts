/** Where the runtime serves a domain's files for agents (`llms.txt`, `<page>.md`, discovery): `/sites/<domain>`. */
export function siteFilesPath(domain: string): string {
  return `/sites/${domain}`;
}

/**
 * The link to a page: under the site's public URL when its build knows one (`docsmith build --site-url`), else the
 * page's Markdown as this runtime serves it (`<markdownBase>/<path>.md`, e.g. `https://runtime.example/sites/acme`),
 * or undefined when neither is known (a local stdio server of a build without a site URL).
 */
export function pageUrl(siteUrl: string, markdownBase: string, pagePath: string, anchor: string): string;
export function pageUrl(
  siteUrl: string,
  markdownBase: string | undefined,
  pagePath: string,
  anchor: string,
): string | undefined;
export function pageUrl(
  siteUrl: string,
  markdownBase: string | undefined,
  pagePath: string,
  anchor: string,
): string | undefined {
  const hash = anchor ? `#${anchor}` : '';
  if (siteUrl) return `${siteUrl}/${pagePath}${hash}`;
  return markdownBase === undefined ? undefined : `${markdownBase}/${pagePath}.md${hash}`;
}

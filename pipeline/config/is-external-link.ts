/** An absolute URL (a scheme such as `https:` or `mailto:`) or a protocol-relative one (`//host/…`). */
const EXTERNAL_LINK = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Whether a link or redirect destination leaves the site rather than naming one of its paths. */
export function isExternalLink(url: string): boolean {
  return EXTERNAL_LINK.test(url);
}

import type { PageSigner } from '../artifacts/page-url.ts';
import type { Authorization } from './authorize-request.ts';
import type { RouteContext } from './route-context.ts';

/**
 * How a request's links to page Markdown are signed: for the key that asked, on a domain whose documentation needs a
 * key; undefined (plain links) on a public domain and for a caller without a key record (`docsmith dev`, public).
 */
export function pageSignerFor(context: RouteContext, authorization: Authorization): PageSigner | undefined {
  const { keyId, site } = authorization;
  if (authorization.public || context.isPublicDocs?.(site.domain)) return undefined;
  return (pagePath) => context.keys.signPage(keyId, site.domain, pagePath);
}

import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SiteSource } from '../site/site-source.ts';
import { buildSite, type BuildSiteOptions } from './build-site.ts';

/** Options of `validateSite`: those of the build that change what is checked. */
export type ValidateSiteOptions = Pick<BuildSiteOptions, 'fetchRemote' | 'parsePages'>;

/**
 * What `docsmith validate` reports: the build's own stages run check-only (configuration, pages, frontmatter,
 * operation references, navigation, redirects, links, anchors, images), so validate and build always give the
 * same diagnostics with the same severities; no manifest or search artifact is assembled.
 */
export async function validateSite(source: SiteSource, options: ValidateSiteOptions = {}): Promise<Diagnostic[]> {
  const result = await buildSite(source, { ...options, domain: 'validate', checkOnly: true });
  return result.diagnostics;
}

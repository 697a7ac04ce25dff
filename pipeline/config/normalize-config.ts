import type { DocsConfig } from '../../schemas/docs-config.ts';
import type { ManifestRedirect } from '../../schemas/manifest.ts';
import { collectNavigationReferences } from '../site-model/collect-navigation-references.ts';
import { collectSpecReferences } from '../site-model/collect-spec-references.ts';
import { collectSiteDefaults } from '../site-model/collect-site-defaults.ts';
import { isRecord } from '../site-model/is-record.ts';
import type { DeepReadonly, SiteConfig } from '../site-model/site-config.ts';

/**
 * Turns a `$ref`-expanded docs.json into the frozen `SiteConfig`: applies the defaults (redirect `permanent`
 * true, `seo.indexing` `navigable`, default language/version/product) and collects the spec and page
 * references, once. Tolerates a configuration with schema errors (missing or mistyped values are skipped).
 */
export function normalizeConfig(config: DocsConfig): SiteConfig {
  const document = deepFreeze(config) as DeepReadonly<DocsConfig>;
  const seo = isRecord(config.seo) ? config.seo : {};
  const site: SiteConfig = {
    document,
    navigation: document.navigation,
    api: document.api,
    specReferences: collectSpecReferences(config),
    navigationReferences: collectNavigationReferences(config.navigation),
    redirects: readRedirects(config.redirects),
    indexing: seo.indexing === 'all' ? 'all' : 'navigable',
    defaults: collectSiteDefaults(config.navigation),
  };
  return deepFreeze(site);
}

function readRedirects(redirects: unknown): ManifestRedirect[] {
  if (!Array.isArray(redirects)) return [];
  return redirects.filter(isRecord).map((redirect) => ({
    source: String(redirect.source),
    destination: String(redirect.destination),
    permanent: redirect.permanent !== false,
  }));
}

/** Freezes a value and everything it holds (sets and maps are frozen as objects; their entries stay as they are). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

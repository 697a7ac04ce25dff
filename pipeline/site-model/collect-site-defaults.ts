import { visitNavigation } from './visit-navigation.ts';
import type { SiteConfig } from './site-config.ts';

/** The language, version and product a reader lands on, used to prefer results when a query names none. */
export interface SiteDefaults {
  defaultLanguage?: string;
  defaultVersion?: string;
  defaultProduct?: string;
}

const DEFAULT_FIELDS = { language: 'defaultLanguage', version: 'defaultVersion', product: 'defaultProduct' } as const;

/**
 * Finds the default language, version and product of a navigation: the first element of that kind marked
 * `default: true` anywhere in the tree, else the first element of that kind, in the order `visitNavigation`
 * walks it. `navigation.global` holds links, never defaults.
 */
export function collectSiteDefaults(navigation: SiteConfig['navigation'] | undefined): SiteDefaults {
  const first: SiteDefaults = {};
  const marked: SiteDefaults = {};
  visitNavigation(
    navigation,
    {
      enter: ({ element, kind, label }) => {
        const field =
          kind === 'language' || kind === 'version' || kind === 'product' ? DEFAULT_FIELDS[kind] : undefined;
        if (field === undefined || label === undefined) return;
        first[field] ??= label;
        if (element.default === true) marked[field] ??= label;
      },
    },
    undefined,
  );
  const defaults: SiteDefaults = {};
  for (const field of Object.values(DEFAULT_FIELDS)) {
    const chosen = marked[field] ?? first[field];
    if (chosen !== undefined) defaults[field] = chosen;
  }
  return defaults;
}

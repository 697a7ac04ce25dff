import type { NavigationPageEntry } from '../navigation/navigation-page-entry.ts';
import type { SiteDefaults } from '../site-model/collect-site-defaults.ts';

/**
 * For each route the navigation references more than once (a page shared by versions, languages or products),
 * the reference that sets its context: the one in the most default contexts (default language, version, product),
 * the first one on a tie. Returns route → chosen entry.
 */
export function preferDefaultContext(
  entries: readonly NavigationPageEntry[],
  defaults: SiteDefaults,
): Map<string, NavigationPageEntry> {
  const score = (entry: NavigationPageEntry): number =>
    Number(defaults.defaultLanguage !== undefined && entry.context.language === defaults.defaultLanguage) +
    Number(defaults.defaultVersion !== undefined && entry.context.version === defaults.defaultVersion) +
    Number(defaults.defaultProduct !== undefined && entry.context.product === defaults.defaultProduct);
  const chosen = new Map<string, NavigationPageEntry>();
  for (const entry of entries) {
    const current = chosen.get(entry.route);
    if (!current || score(entry) > score(current)) chosen.set(entry.route, entry);
  }
  return chosen;
}

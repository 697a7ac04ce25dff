/** The language and version a reader lands on, used to prefer results when a query names neither. */
export interface SiteDefaults {
  defaultLanguage?: string;
  defaultVersion?: string;
}

/**
 * Finds the default language and version of a navigation: the element marked `default: true`, else the
 * first one in file order, wherever `languages`/`versions` appear in the tree.
 */
export function collectSiteDefaults(config: Record<string, unknown>): SiteDefaults {
  const defaults: SiteDefaults = {};
  const language = findDefault(config.navigation, 'languages', 'language');
  const version = findDefault(config.navigation, 'versions', 'version');
  if (language) defaults.defaultLanguage = language;
  if (version) defaults.defaultVersion = version;
  return defaults;
}

function findDefault(node: unknown, listKey: string, nameKey: string): string | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findDefault(child, listKey, nameKey);
      if (found) return found;
    }
    return undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  const record = node as Record<string, unknown>;
  const list = record[listKey];
  if (Array.isArray(list) && list.length > 0) {
    const elements = list.filter((element): element is Record<string, unknown> => !!element && typeof element === 'object');
    const chosen = elements.find((element) => element.default === true) ?? elements[0];
    if (chosen && typeof chosen[nameKey] === 'string') return chosen[nameKey];
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === 'global') continue;
    const found = findDefault(value, listKey, nameKey);
    if (found) return found;
  }
  return undefined;
}

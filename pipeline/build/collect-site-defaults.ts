/** The language, version and product a reader lands on, used to prefer results when a query names none. */
export interface SiteDefaults {
  defaultLanguage?: string;
  defaultVersion?: string;
  defaultProduct?: string;
}

const DEFAULT_KINDS = [
  ['defaultLanguage', 'languages', 'language'],
  ['defaultVersion', 'versions', 'version'],
  ['defaultProduct', 'products', 'product'],
] as const;

/**
 * Finds the default language, version and product of a navigation: the first element marked `default: true`
 * anywhere in the tree (any position in its list, any list), else the first element of the first list, in
 * file order. `navigation.global` holds links, never defaults.
 */
export function collectSiteDefaults(config: Record<string, unknown>): SiteDefaults {
  const defaults: SiteDefaults = {};
  for (const [field, listKey, nameKey] of DEFAULT_KINDS) {
    const elements = listElements(config.navigation, listKey).filter((element) => typeof element[nameKey] === 'string');
    const chosen = elements.find((element) => element.default === true) ?? elements[0];
    if (chosen) defaults[field] = chosen[nameKey] as string;
  }
  return defaults;
}

/** Every element of every `listKey` list in the tree, in file order (a list's elements before what they hold). */
function listElements(node: unknown, listKey: string): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap((child) => listElements(child, listKey));
  if (!node || typeof node !== 'object') return [];
  const found: Record<string, unknown>[] = [];
  const record = node as Record<string, unknown>;
  const list = record[listKey];
  if (Array.isArray(list)) found.push(...list.filter((element): element is Record<string, unknown> => !!element && typeof element === 'object' && !Array.isArray(element)));
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'global') found.push(...listElements(value, listKey));
  }
  return found;
}

/** The lists a navigation element may hold, in the order they are visited and resolved: list key, the key that names an element of it, its kind. */
export const NAVIGATION_LISTS = [
  ['languages', 'language', 'language'],
  ['versions', 'version', 'version'],
  ['products', 'product', 'product'],
  ['tabs', 'tab', 'tab'],
  ['menu', 'item', 'menu'],
  ['dropdowns', 'dropdown', 'dropdown'],
  ['anchors', 'anchor', 'anchor'],
  ['groups', 'group', 'group'],
] as const;

/** The kind of a navigation element: the list it is in (`pages` entries that are objects are groups). */
export type NavigationListKind = (typeof NAVIGATION_LISTS)[number][2];

/**
 * The child lists of the top-level `navigation` in the order the platform's schema tries them (`navigationSchema`, a
 * union of one list each): the first it holds is the navigation, the others are dropped.
 */
export const TOP_LEVEL_LIST_ORDER = [
  'products',
  'languages',
  'versions',
  'tabs',
  'dropdowns',
  'anchors',
  'groups',
  'pages',
] as const;

/** The one child list of the top-level `navigation` the platform keeps (`TOP_LEVEL_LIST_ORDER`), if it holds any. */
export function keptTopLevelList(navigation: Readonly<Record<string, unknown>>): string | undefined {
  return TOP_LEVEL_LIST_ORDER.find((key) => Array.isArray(navigation[key]));
}

/** Whether a navigation element holds a list of elements or of pages. */
export function holdsNavigationLists(element: Readonly<Record<string, unknown>>): boolean {
  return NAVIGATION_LISTS.some(([listKey]) => Array.isArray(element[listKey])) || Array.isArray(element.pages);
}

/** Fields of an element a navigation node keeps as written. */
export const NAVIGATION_NODE_FIELDS = [
  'icon',
  'iconType',
  'description',
  'tag',
  'expanded',
  'default',
  'color',
] as const;

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

/** Every child list a navigation element may hold, in `NAVIGATION_LISTS` order, then `pages`. */
export const CHILD_LIST_KEYS: readonly string[] = [...NAVIGATION_LISTS.map(([listKey]) => listKey), 'pages'];

/** The lists a group keeps: its subgroups, then its pages. */
const GROUP_LIST_KEYS: readonly string[] = ['groups', 'pages'];

/** The kind of a navigation element: the list it is in (`pages` entries that are objects are groups). */
export type NavigationListKind = (typeof NAVIGATION_LISTS)[number][2];

/**
 * Per kind of element, its lists in the order the platform's schema tries them (`@mintlify/validation` 0.1.878: each
 * element is a union of one list each, and zod keeps the first variant that parses and strips the other keys). Read
 * from the validator itself, element by element.
 */
const KEPT_LIST_ORDER: Record<Exclude<NavigationElementKind, 'group'>, readonly string[]> = {
  navigation: ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'],
  language: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  version: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  product: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  tab: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  menu: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'tabs', 'groups', 'pages'],
  dropdown: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  anchor: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
};

/** The top-level `navigation` or an element of one of its lists. */
export type NavigationElementKind = 'navigation' | NavigationListKind;

/**
 * The lists of a navigation element the platform keeps (`KEPT_LIST_ORDER`): the first it holds, or none for an element
 * below the top level with an `href` (a link: the schema's link variant comes first). A group keeps its `groups` and its
 * `pages`: docsmith resolves a group's `groups` as subgroups and says how the platform differs (`group-without-pages`);
 * its other lists are not a group's keys, dropped by the platform's schema and warned as `unknown-key`. A list the
 * platform's schema rejects is passed over before this is asked (`readNavigationLists`).
 */
export function keptLists(kind: NavigationElementKind, element: Readonly<Record<string, unknown>>): readonly string[] {
  if (kind === 'group') return heldLists(kind, element);
  const first = listsInPlatformOrder(kind, element)[0];
  return first === undefined ? [] : [first];
}

/** The list keys an element of a kind may hold that it holds as lists: a group's `groups` and `pages`, any list for the rest. */
export function heldLists(kind: NavigationElementKind, element: Readonly<Record<string, unknown>>): readonly string[] {
  return (kind === 'group' ? GROUP_LIST_KEYS : CHILD_LIST_KEYS).filter((key) => Array.isArray(element[key]));
}

/**
 * The lists a navigation element (not a group) holds, in the order the platform's schema tries them (`KEPT_LIST_ORDER`);
 * none for an element below the top level with an `href`, which is a link.
 */
export function listsInPlatformOrder(
  kind: Exclude<NavigationElementKind, 'group'>,
  element: Readonly<Record<string, unknown>>,
): readonly string[] {
  if (kind !== 'navigation' && typeof element.href === 'string') return [];
  return KEPT_LIST_ORDER[kind].filter((key) => Array.isArray(element[key]));
}

/** Whether a navigation element holds a list of elements or of pages. */
export function holdsNavigationLists(element: Readonly<Record<string, unknown>>): boolean {
  return CHILD_LIST_KEYS.some((key) => Array.isArray(element[key]));
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

import type { NavigationElement } from '../../schemas/docs-config.ts';
import { isRecord } from './is-record.ts';
import type { DeepReadonly, SiteConfig } from './site-config.ts';
import { keptLists, NAVIGATION_LISTS, type NavigationListKind } from './navigation-lists.ts';
import { isSourceReference } from './source-references.ts';

/** Returned by `NavigationVisitor.enter` to leave what an element holds unvisited (and not call `leave`). */
export const SKIP = Symbol('skip');

/** An element the walker enters: the `navigation` object itself, or an element of one of its lists at any depth. */
export interface NavigationElementVisit {
  element: DeepReadonly<NavigationElement>;
  /** `navigation` for the root, else the kind of the list it is in (`group` for an object in `pages`). */
  kind: 'navigation' | NavigationListKind;
  /** The element's name (its `language`, `tab`, `group`… value) when that is a string. */
  label?: string;
  /** JSON pointer of the element in docs.json. */
  pointer: string;
}

/** A page reference: an entry of `pages`, or an element's `root`. */
export interface NavigationPageVisit {
  /** The reference as written: a page path or an operation (`GET /users`). */
  entry: string;
  pointer: string;
  role: 'page' | 'root';
}

/** What `visitNavigation` calls; each callback gets the context its element's `enter` returned (the parent's when none). */
export interface NavigationVisitor<Context> {
  /** On entering an element; returns the context for what it holds (default: the parent's context), or `SKIP`. */
  enter?: (visit: NavigationElementVisit, context: Context) => Context | typeof SKIP | void;
  /** For each page reference of an element: its `root` first, then its `pages` entries in order. */
  page?: (visit: NavigationPageVisit, context: Context) => void;
  /** After everything an element holds was visited. */
  leave?: (visit: NavigationElementVisit, context: Context) => void;
}

/**
 * Walks docs.json `navigation` depth first, the way it is resolved: an element, then its `root` (a group's), then the list the
 * platform keeps of it (`keptLists`: one list, none for a link; every list of a group, in `NAVIGATION_LISTS` order,
 * then its `pages`; strings are page references, objects are groups). `navigation.global`
 * (links only), `sourceRef` entries (another repository's navigation) and keys that are not navigation are not
 * walked; entries of the wrong type are skipped, so a
 * configuration with schema errors is walked as far as it makes sense. Like unist-util-visit, for the navigation tree.
 */
export function visitNavigation<Context>(
  navigation: SiteConfig['navigation'] | undefined,
  visitor: NavigationVisitor<Context>,
  context: Context,
): void {
  if (isRecord(navigation))
    visitElement({ element: navigation, kind: 'navigation', pointer: '/navigation' }, visitor, context);
}

function visitElement<Context>(
  visit: NavigationElementVisit,
  visitor: NavigationVisitor<Context>,
  parentContext: Context,
): void {
  const entered = visitor.enter?.(visit, parentContext);
  if (entered === SKIP) return;
  const context = entered === undefined ? parentContext : entered;
  const { element, pointer } = visit;
  // Only a group has a `root` on the platform: its schema drops the key everywhere else.
  if (visit.kind === 'group' && typeof element.root === 'string')
    visitor.page?.({ entry: element.root, pointer: `${pointer}/root`, role: 'root' }, context);
  // An element is one kind of list, as the platform's schema reads it (a group excepted, see `keptLists`).
  const kept = keptLists(visit.kind, element);
  const walked = (listKey: string): boolean => kept.includes(listKey);
  for (const [listKey, nameKey, kind] of NAVIGATION_LISTS) {
    const list: unknown = element[listKey];
    if (!Array.isArray(list) || !walked(listKey)) continue;
    list.forEach((child: unknown, index) => {
      if (isRecord(child) && !isSourceReference(child))
        visitElement(elementVisit(child, kind, nameKey, `${pointer}/${listKey}/${index}`), visitor, context);
    });
  }
  const pages: unknown = element.pages;
  if (Array.isArray(pages) && walked('pages')) {
    pages.forEach((entry: unknown, index) => {
      const entryPointer = `${pointer}/pages/${index}`;
      if (typeof entry === 'string') visitor.page?.({ entry, pointer: entryPointer, role: 'page' }, context);
      else if (isRecord(entry) && !isSourceReference(entry))
        visitElement(elementVisit(entry, 'group', 'group', entryPointer), visitor, context);
    });
  }
  visitor.leave?.(visit, context);
}

function elementVisit(
  element: DeepReadonly<NavigationElement>,
  kind: NavigationListKind,
  nameKey: string,
  pointer: string,
): NavigationElementVisit {
  const label = element[nameKey];
  return { element, kind, pointer, ...(typeof label === 'string' ? { label } : {}) };
}

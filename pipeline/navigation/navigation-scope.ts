import type { PageContext } from '../../contract/search/section-record.ts';
import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import type { NavigationElementVisit } from '../site-model/visit-navigation.ts';
import type { NavigationPageEntry, SpecInScope } from './navigation-page-entry.ts';

/** What the pages of a navigation element inherit: their context, visibility, search placement and specs in scope. */
export interface Scope {
  context: PageContext;
  hidden: boolean;
  /** Hidden by an element marked `searchable: true`, with no hidden element below it: its pages stay indexed. */
  searchable: boolean;
  /** The nearest group's `boost`, if any. */
  boost?: number;
  /** The nearest group's `tag` (a badge such as "NEW"), if any. */
  tag?: string;
  specs: SpecInScope;
  /** The element whose own `openapi` the specs are (none when they come from `api.openapi`). */
  specOwner?: Level;
  /** Human path of labels for messages: "tab API › group Users". */
  trail: string[];
}

/** An element being resolved: its scope, its node (none for the navigation itself) and the nodes of what it holds. */
export interface Level {
  scope: Scope;
  node?: ManifestNavigationNode;
  children: ManifestNavigationNode[];
  /** The list the element's node is in (its parent's children). */
  siblings?: ManifestNavigationNode[];
  /** The element's own `openapi` specs: it generates a page per operation unless `listsOperations`. */
  ownSpecs: SpecInScope;
  /** Whether an operation entry below the element (`GET /users`, naming no spec) resolves against its own specs: it then lists the operations it shows. */
  listsOperations?: boolean;
  /** Operation entries of the element left out because the spec they name did not load. */
  unloadedEntries: number;
  /** The rank of its whole-spec pages (`NavigationEntries.add`): its place in navigation order, from 1 (the navigation). */
  expansion: number;
}

/**
 * The scope of an element entered under `parent`: the parent's context with the element's label (a group's joins the
 * group path, another kind's names its level), hidden when either is, its group's `boost` and `tag` else the parent's,
 * and its own specs (`ownSpecs`) else the parent's, with the parent's spec owner. The caller makes the element the
 * owner of its own specs.
 */
export function elementScope(
  { element, kind, label }: NavigationElementVisit,
  parent: Scope,
  ownSpecs: SpecInScope,
): Scope {
  const context: PageContext = { ...parent.context, groups: [...parent.context.groups] };
  if (label !== undefined && kind !== 'navigation') {
    if (kind === 'group') context.groups.push(label);
    else context[kind] = label;
  }
  // A hidden element decides afresh whether its pages stay searchable; one that is not hidden keeps its parent's answer.
  const searchable = element.hidden === true ? element.searchable === true : parent.searchable;
  const boost =
    kind === 'group' && typeof element.boost === 'number' && element.boost > 0 ? element.boost : parent.boost;
  const tag =
    kind === 'group' && typeof element.tag === 'string' && element.tag.trim() !== '' ? element.tag.trim() : parent.tag;
  return {
    context,
    hidden: parent.hidden || element.hidden === true,
    searchable,
    ...(boost === undefined ? {} : { boost }),
    ...(tag === undefined ? {} : { tag }),
    specs: ownSpecs.length > 0 ? ownSpecs : parent.specs,
    ...(ownSpecs.length === 0 && parent.specOwner ? { specOwner: parent.specOwner } : {}),
    trail: [...parent.trail, `${kind} ${label ?? '?'}`],
  };
}

/** What an entry says about search beyond its context: indexed although hidden, and its group's boost and tag. */
export function searchPlacement(scope: Scope): Pick<NavigationPageEntry, 'searchable' | 'boost' | 'tag'> {
  return {
    ...(scope.hidden && scope.searchable ? { searchable: true as const } : {}),
    ...(scope.boost === undefined ? {} : { boost: scope.boost }),
    ...(scope.tag === undefined ? {} : { tag: scope.tag }),
  };
}

/** The labels leading to an element, for messages: "tab API › group Users", else "the top-level navigation". */
export function describeTrail(trail: string[]): string {
  return trail.length > 0 ? trail.join(' › ') : 'the top-level navigation';
}

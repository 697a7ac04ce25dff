import type { PageContext } from '../../contract/search/section-record.ts';
import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import { isOperationReference } from '../site-model/is-operation-reference.ts';
import { specNameOfReference } from '../site-model/operation-reference.ts';
import { isRecord } from '../site-model/is-record.ts';
import type { SiteConfig } from '../site-model/site-config.ts';
import { suggestName } from '../config/suggest-name.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { ruleSeverity } from '../diagnostics/rule-catalog.ts';
import { isRemoteSpec, specReferencesOf } from '../site-model/collect-spec-references.ts';
import type { LoadedSpecs, SpecOperation } from '../openapi/loaded-spec.ts';
import { endpointTitle } from '../openapi/endpoint-title.ts';
import { resolveOperationReference } from '../openapi/resolve-operation-reference.ts';
import { NavigationEntries, type ReportAtPointer } from './navigation-entries.ts';
import { holdsNavigationLists, NAVIGATION_NODE_FIELDS } from '../site-model/navigation-lists.ts';
import type { NavigationPageEntry, OperationRef, ResolvedNavigation, SpecInScope } from './navigation-page-entry.ts';
import { pageRoute } from '../site-model/page-route.ts';
import { resolveGlobalNavigation } from './resolve-global-navigation.ts';
import {
  SKIP,
  visitNavigation,
  type NavigationElementVisit,
  type NavigationPageVisit,
} from '../site-model/visit-navigation.ts';

/** Options of `resolveNavigation`. */
export interface ResolveNavigationOptions {
  /** The page file of a route, or undefined when there is none. */
  pageFileFor: (route: string) => string | undefined;
  /** Specs loaded by `loadOpenApiSpecs` (absent or failed specs are simply not in the map). */
  specs: LoadedSpecs;
  /** docs.json position of a JSON pointer, for diagnostics. */
  locate: (pointer: string) => { file: string; line: number; column: number };
  /** Routes of every page file, for a did-you-mean on a missing page (default: none, no suggestion). */
  pageRoutes?: readonly string[];
  /** Whether a route's file exists but cannot be read (binary, too large): reported at the file, so not a missing page (default: never). */
  isUnreadable?: (route: string) => boolean;
}

const UNTAGGED_GROUP = 'API Reference';

interface Scope {
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
interface Level {
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
}

/**
 * Resolves docs.json `navigation` into a tree and a flat list of page entries, each knowing its language,
 * version, product, tab, menu item, dropdown, anchor and group path, whether it is hidden and the OpenAPI
 * specs in scope. Operation references and whole-spec elements become endpoint references, which
 * `renderEndpointPages` renders. Elements nest in any combination; an element holding several child kinds
 * resolves them all in a stable order (`visitNavigation`'s); a group left without any child is dropped from the tree. Pure.
 */
export function resolveNavigation(
  config: Partial<Pick<SiteConfig, 'navigation' | 'api'>>,
  options: ResolveNavigationOptions,
): ResolvedNavigation {
  const diagnostics: Diagnostic[] = [];
  const report: ReportAtPointer = (pointer, severity, ruleId, message, hint) => {
    diagnostics.push({ ...options.locate(pointer), pointer, severity, ruleId, message, ...(hint ? { hint } : {}) });
  };
  const entries = new NavigationEntries(report);

  const addEndpoint = (
    operation: SpecOperation,
    specFile: string,
    scope: Scope,
    pointer: string,
    extraGroups: string[] = [],
  ): ManifestNavigationNode => {
    const title = endpointTitle(operation);
    const route = entries.endpointRoute(operation, specFile, scope.specs);
    const hidden = scope.hidden || operation.hidden;
    const reference: OperationRef = {
      specFile,
      method: operation.webhook ? 'WEBHOOK' : operation.method,
      path: operation.path,
    };
    entries.add({
      route,
      pointer,
      hidden,
      ...searchPlacement(scope),
      context: { ...scope.context, groups: [...scope.context.groups, ...extraGroups] },
      ...(scope.specs.length > 0 ? { openapi: scope.specs } : {}),
      operation: reference,
      endpoint: { route, title, operation: reference, hidden: operation.hidden, source: operation },
    });
    return { kind: 'endpoint', path: route, method: reference.method, title, ...(hidden ? { hidden: true } : {}) };
  };

  const resolveOperationEntry = (entry: string, pointer: string, level: Level): ManifestNavigationNode | undefined => {
    const { scope } = level;
    if (scope.specOwner && specNameOfReference(entry) === undefined) scope.specOwner.listsOperations = true;
    const resolution = resolveOperationReference(
      options.specs,
      entry,
      scope.specs.map((spec) => spec.file),
    );
    if (resolution.ok)
      return resolution.operation.excluded
        ? undefined
        : addEndpoint(resolution.operation, resolution.spec.file, scope, pointer);
    if (resolution.specNotLoaded) {
      level.unloadedEntries += 1;
      return undefined;
    }
    report(
      pointer,
      'warning',
      'unknown-operation',
      `${resolution.message} (referenced from ${describeTrail(scope.trail)}); the entry is left out`,
      resolution.hint,
    );
    return undefined;
  };

  const resolvePage = ({ entry, pointer }: NavigationPageVisit, level: Level): ManifestNavigationNode | undefined => {
    const { scope } = level;
    if (isOperationReference(entry)) return resolveOperationEntry(entry, pointer, level);
    const route = pageRoute(entry);
    if (/\.mdx?\/*$/i.test(entry.trim())) {
      report(
        pointer,
        'warning',
        'page-extension',
        `Unexpected extension in page path \`${entry}\`, expected the path without \`.mdx\`/\`.md\``,
        `Write \`${route}\`.`,
      );
    }
    const file = options.pageFileFor(route);
    if (!file && options.isUnreadable?.(route)) return undefined;
    if (!file) {
      const suggestion = suggestName(route, options.pageRoutes ?? []);
      report(
        pointer,
        ruleSeverity('missing-page'),
        'missing-page',
        `Cannot find a page file for \`${entry}\` (looked for ${route}.mdx and ${route}.md), referenced from ${describeTrail(scope.trail)}; the entry is left out`,
        suggestion
          ? `Did you mean \`${suggestion}\`?`
          : 'Create the file, fix the path, or remove it from the navigation.',
      );
      return undefined;
    }
    // The pages of one element share its context, which is complete (and never changed) once the element is entered.
    entries.add({
      route,
      file,
      pointer,
      hidden: scope.hidden,
      ...searchPlacement(scope),
      context: scope.context,
      ...(scope.specs.length > 0 ? { openapi: scope.specs } : {}),
    });
    return { kind: 'page', path: route, ...(scope.hidden ? { hidden: true } : {}) };
  };

  const generateWholeSpec = (ownSpecs: SpecInScope, pointer: string, scope: Scope): ManifestNavigationNode[] => {
    const byTag = new Map<string, { operation: SpecOperation; specFile: string }[]>();
    for (const reference of ownSpecs) {
      const loaded = options.specs.get(reference.file);
      if (!loaded) continue;
      for (const operation of loaded.operations) {
        if (operation.excluded) continue;
        const tag = operation.tags[0] ?? UNTAGGED_GROUP;
        byTag.set(tag, [...(byTag.get(tag) ?? []), { operation, specFile: loaded.file }]);
      }
    }
    return [...byTag].map(([tag, operations]) => ({
      kind: 'group',
      label: tag,
      generated: true,
      ...(scope.hidden ? { hidden: true } : {}),
      children: operations.map(({ operation, specFile }) =>
        addEndpoint(operation, specFile, scope, `${pointer}/openapi`, [tag]),
      ),
    }));
  };

  const enterElement = ({ element, kind, label }: NavigationElementVisit, parent: Level): Level | typeof SKIP => {
    const node: ManifestNavigationNode = { kind, ...(label === undefined ? {} : { label }) };
    parent.children.push(node);
    for (const field of NAVIGATION_NODE_FIELDS) if (element[field] !== undefined) node[field] = element[field];
    const hidden = parent.scope.hidden || element.hidden === true;
    if (hidden) node.hidden = true;
    if (typeof element.href === 'string') {
      node.href = element.href;
      // A link, as the platform's schema reads an element with an `href`: the lists it also holds are dropped.
      if (element.root === undefined) return SKIP;
    }
    const context: PageContext = { ...parent.scope.context, groups: [...parent.scope.context.groups] };
    if (label !== undefined && kind !== 'navigation') {
      if (kind === 'group') context.groups.push(label);
      else context[kind] = label;
    }
    const ownSpecs = specReferencesOf(element.openapi);
    // A hidden element decides afresh whether its pages stay searchable; one that is not hidden keeps its parent's answer.
    const searchable = element.hidden === true ? element.searchable === true : parent.scope.searchable;
    const boost =
      kind === 'group' && typeof element.boost === 'number' && element.boost > 0 ? element.boost : parent.scope.boost;
    const tag =
      kind === 'group' && typeof element.tag === 'string' && element.tag.trim() !== ''
        ? element.tag.trim()
        : parent.scope.tag;
    const scope: Scope = {
      context,
      hidden,
      searchable,
      ...(boost === undefined ? {} : { boost }),
      ...(tag === undefined ? {} : { tag }),
      specs: ownSpecs.length > 0 ? ownSpecs : parent.scope.specs,
      ...(ownSpecs.length === 0 && parent.scope.specOwner ? { specOwner: parent.scope.specOwner } : {}),
      trail: [...parent.scope.trail, `${kind} ${label ?? '?'}`],
    };
    const level: Level = { scope, node, children: [], siblings: parent.children, ownSpecs, unloadedEntries: 0 };
    if (ownSpecs.length > 0) scope.specOwner = level;
    return level;
  };

  /** One `spec-not-loaded` warning for an element that lost operation entries, or all its generated pages, to a spec that did not load. */
  const reportUnloadedSpec = (
    { kind, label, pointer }: NavigationElementVisit,
    level: Level,
    wholeSpec: boolean,
    dropped: boolean,
  ): void => {
    const unloaded = (wholeSpec ? level.ownSpecs : level.scope.specs)
      .filter((spec) => !options.specs.has(spec.file))
      .map((spec) => spec.file);
    const specs = unloaded.length > 0 ? unloaded.map((file) => `\`${file}\``).join(', ') : 'a spec that did not load';
    const element = kind === 'navigation' ? 'the top-level navigation' : `${kind} \`${label ?? '?'}\``;
    const count = level.unloadedEntries;
    const message = wholeSpec
      ? `Unexpected ${element} generated from ${specs}, expected a loaded spec: it has no endpoint page${dropped ? ' and is left out' : ''}`
      : `Unexpected ${count} operation ${count === 1 ? 'entry' : 'entries'} of ${specs} in ${element}, expected a loaded spec: ${count === 1 ? 'it is' : 'they are'} left out${dropped ? `, and so is the ${kind}, left empty` : ''}`;
    report(
      pointer,
      'warning',
      'spec-not-loaded',
      message,
      unloaded.some(isRemoteSpec)
        ? 'Pass --allow-network to fetch remote specs at build time.'
        : 'The spec is reported where it is named.',
    );
  };

  const tree: ManifestNavigationNode[] = [];
  const navigation = isRecord(config.navigation) ? config.navigation : undefined;
  const rootSpecs = specReferencesOf(isRecord(config.api) ? config.api.openapi : undefined);
  const navigationSpecs = specReferencesOf(navigation?.openapi);
  const root: Level = {
    scope: {
      context: { groups: [] },
      hidden: false,
      searchable: false,
      specs: navigationSpecs.length > 0 ? navigationSpecs : rootSpecs,
      trail: [],
    },
    children: tree,
    ownSpecs: navigationSpecs,
    unloadedEntries: 0,
  };
  if (navigationSpecs.length > 0) root.scope.specOwner = root;
  visitNavigation<Level>(
    navigation,
    {
      enter: (visit, parent) => (visit.kind === 'navigation' ? root : enterElement(visit, parent)),
      page: (visit, level) => {
        const node = resolvePage(visit, level);
        if (visit.role === 'page') {
          if (node) level.children.push(node);
        } else if (level.node && typeof node?.path === 'string') {
          level.node.root = node.path;
        }
      },
      leave: (visit, level) => {
        // As the platform's CLI does: an element's own spec adds a page per operation after what it lists, unless
        // the element lists operations of it; the top-level navigation's spec only does so for a navigation of nothing else.
        const wholeSpec =
          level.ownSpecs.length > 0 &&
          !level.listsOperations &&
          (visit.kind !== 'navigation' || !holdsNavigationLists(visit.element));
        if (wholeSpec) level.children.push(...generateWholeSpec(level.ownSpecs, visit.pointer, level.scope));
        // A group left with nothing to show (no pages listed, or every entry left out) has no place in the tree.
        const dropped =
          level.node?.kind === 'group' &&
          level.children.length === 0 &&
          level.node.root === undefined &&
          level.node.href === undefined &&
          level.siblings?.at(-1) === level.node;
        if (dropped) level.siblings?.pop();
        const wholeSpecUnloaded = wholeSpec && level.ownSpecs.every((spec) => !options.specs.has(spec.file));
        if (level.unloadedEntries > 0 || wholeSpecUnloaded)
          reportUnloadedSpec(visit, level, wholeSpecUnloaded, dropped);
        if (level.node) level.node.children = level.children;
      },
    },
    root,
  );
  tree.push(...resolveGlobalNavigation(navigation?.global));
  return { tree, entries: entries.entries, diagnostics };
}

/** What an entry says about search beyond its context: indexed although hidden, and its group's boost and tag. */
function searchPlacement(scope: Scope): Pick<NavigationPageEntry, 'searchable' | 'boost' | 'tag'> {
  return {
    ...(scope.hidden && scope.searchable ? { searchable: true as const } : {}),
    ...(scope.boost === undefined ? {} : { boost: scope.boost }),
    ...(scope.tag === undefined ? {} : { tag: scope.tag }),
  };
}

function describeTrail(trail: string[]): string {
  return trail.length > 0 ? trail.join(' › ') : 'the top-level navigation';
}

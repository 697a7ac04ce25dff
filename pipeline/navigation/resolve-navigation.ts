import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import { isOperationReference } from '../site-model/is-operation-reference.ts';
import { specNameOfReference } from '../site-model/operation-reference.ts';
import { isRecord } from '../site-model/is-record.ts';
import type { SiteConfig } from '../site-model/site-config.ts';
import { suggestName } from '../config/suggest-name.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { ruleSeverity } from '../diagnostics/rule-catalog.ts';
import { specReferencesOf } from '../site-model/collect-spec-references.ts';
import type { LoadedSpecs } from '../openapi/loaded-spec.ts';
import { describeTrail, elementScope, searchPlacement, type Level } from './navigation-scope.ts';
import { operationsByTag } from './operations-by-tag.ts';
import { channelPages } from './channel-pages.ts';
import type { LoadedAsyncApis } from '../openapi/asyncapi-channel.ts';
import { unloadedSpecWarning } from './unloaded-spec-warning.ts';
import { resolveOperationReference } from '../openapi/resolve-operation-reference.ts';
import { NavigationEntries, type ReportAtPointer } from './navigation-entries.ts';
import { holdsNavigationLists, NAVIGATION_NODE_FIELDS } from '../site-model/navigation-lists.ts';
import type { ResolvedNavigation } from './navigation-page-entry.ts';
import { addEndpointPage } from './add-endpoint-page.ts';
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
  /** AsyncAPI documents loaded by `loadAsyncApiDocuments`, for elements with `asyncapi` (default: none, no channel pages). */
  asyncApis?: LoadedAsyncApis;
  /** docs.json position of a JSON pointer, for diagnostics. */
  locate: (pointer: string) => { file: string; line: number; column: number };
  /** Routes of every page file, for a did-you-mean on a missing page (default: none, no suggestion). */
  pageRoutes?: readonly string[];
  /** Whether a route's file exists but cannot be read (binary, too large): reported at the file, so not a missing page (default: never). */
  isUnreadable?: (route: string) => boolean;
  /** Why the site's `.mintignore` leaves out a route's file, as a hint for its missing page (default: never said). */
  excludedByMintIgnore?: (route: string) => string | undefined;
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
    const diagnostic = { ...options.locate(pointer), pointer, severity, ruleId, message, ...(hint ? { hint } : {}) };
    diagnostics.push(diagnostic);
    return diagnostic;
  };
  const entries = new NavigationEntries(report);
  /** Elements entered so far: the rank of the next one's whole-spec pages (after every operation reference's, 0). */
  let elementsEntered = 1;

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
        : addEndpointPage(entries, resolution.operation, resolution.spec.file, scope, pointer, {
            naming: pointer,
            expansion: 0,
          });
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
    // The platform looks pages up by their path without extension: an entry with one names no page (decision 0304).
    if (/\.mdx?\/*$/i.test(entry.trim())) {
      report(
        pointer,
        'warning',
        'page-extension',
        `Unexpected extension in page path \`${entry}\` (referenced from ${describeTrail(scope.trail)}), expected the path without \`.mdx\`/\`.md\`; the entry is left out, as the platform finds no page by it`,
        `Write \`${route}\`.`,
      );
      return undefined;
    }
    const file = options.pageFileFor(route);
    if (!file && options.isUnreadable?.(route)) return undefined;
    if (!file) {
      const excluded = options.excludedByMintIgnore?.(route);
      const suggestion = excluded === undefined ? suggestName(route, options.pageRoutes ?? []) : undefined;
      report(
        pointer,
        ruleSeverity('missing-page'),
        'missing-page',
        `Cannot find a page file for \`${entry}\` (looked for ${route}.mdx and ${route}.md), referenced from ${describeTrail(scope.trail)}; the entry is left out`,
        excluded ??
          (suggestion
            ? `Did you mean \`${suggestion}\`?`
            : 'Create the file, fix the path, or remove it from the navigation.'),
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

  // Each spec of the element is expanded on its own, each tag group naming its pages apart, as the platform's scraper.
  const generateWholeSpec = (level: Level, pointer: string): ManifestNavigationNode[] =>
    [...operationsByTag(level.ownSpecs, options.specs)].map(([tag, operations]) => ({
      kind: 'group',
      label: tag,
      generated: true,
      ...(level.scope.hidden ? { hidden: true } : {}),
      children: operations.map(({ operation, specFile }) =>
        addEndpointPage(entries, operation, specFile, level.scope, `${pointer}/openapi`, {
          naming: `${pointer}\u0000${specFile}\u0000${tag}`,
          expansion: level.expansion,
          groups: [tag],
        }),
      ),
    }));

  const enterElement = (visit: NavigationElementVisit, parent: Level): Level | typeof SKIP => {
    const { element, kind, label } = visit;
    const node: ManifestNavigationNode = { kind, ...(label === undefined ? {} : { label }) };
    parent.children.push(node);
    for (const field of NAVIGATION_NODE_FIELDS) if (element[field] !== undefined) node[field] = element[field];
    const ownSpecs = specReferencesOf(element.openapi);
    const scope = elementScope(visit, parent.scope, ownSpecs);
    if (scope.hidden) node.hidden = true;
    if (typeof element.href === 'string') {
      node.href = element.href;
      // A link, as the platform's schema reads an element with an `href`: the lists it also holds are dropped.
      if (kind !== 'group' || element.root === undefined) return SKIP;
    }
    const level: Level = {
      scope,
      node,
      children: [],
      siblings: parent.children,
      ownSpecs,
      unloadedEntries: 0,
      expansion: (elementsEntered += 1),
    };
    if (ownSpecs.length > 0) scope.specOwner = level;
    return level;
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
    expansion: 1,
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
        if (wholeSpec) level.children.push(...generateWholeSpec(level, visit.pointer));
        // An element's `asyncapi` adds its channels' pages after what it lists (the top-level navigation's is not read).
        if (visit.kind !== 'navigation' && visit.element.asyncapi !== undefined && options.asyncApis)
          level.children.push(
            ...channelPages(
              specReferencesOf(visit.element.asyncapi),
              options.asyncApis,
              entries,
              level.scope,
              visit.pointer,
            ),
          );
        // A group left with nothing to show (no pages listed, or every entry left out) has no place in the tree.
        const dropped =
          level.node?.kind === 'group' &&
          level.children.length === 0 &&
          level.node.root === undefined &&
          level.node.href === undefined &&
          level.siblings?.at(-1) === level.node;
        if (dropped) level.siblings?.pop();
        const wholeSpecUnloaded = wholeSpec && level.ownSpecs.every((spec) => !options.specs.has(spec.file));
        if (level.unloadedEntries > 0 || wholeSpecUnloaded) {
          const warning = unloadedSpecWarning(visit, level, wholeSpecUnloaded, dropped, (file) =>
            options.specs.has(file),
          );
          report(visit.pointer, 'warning', 'spec-not-loaded', warning.message, warning.hint);
        }
        if (level.node) level.node.children = level.children;
      },
    },
    root,
  );
  tree.push(...resolveGlobalNavigation(navigation?.global));
  entries.showLatestEndpoints();
  return { tree, entries: entries.entries, diagnostics };
}

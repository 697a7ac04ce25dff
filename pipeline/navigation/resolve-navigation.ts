import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import type { PageContext } from '../../contract/search/section-record.ts';
import { isOperationReference } from '../config/is-operation-reference.ts';
import { isRecord } from '../config/is-record.ts';
import type { SiteConfig } from '../config/site-config.ts';
import { suggestName } from '../config/suggest-name.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { ruleSeverity, type RuleId } from '../diagnostics/rule-catalogue.ts';
import { specReferencesOf, type SpecReference } from '../openapi/collect-spec-references.ts';
import type { LoadedSpecs, SpecOperation } from '../openapi/load-openapi-specs.ts';
import { endpointTitle } from '../openapi/operation-to-endpoint-content.ts';
import { resolveOperationReference } from '../openapi/resolve-operation-reference.ts';
import { endpointSlug } from './endpoint-slug.ts';
import { pageRoute } from './page-route.ts';

/** The operation an endpoint page documents. */
export interface OperationRef {
  /** Site-relative spec file (or URL). */
  specFile: string;
  /** Upper-case HTTP method, or `WEBHOOK`. */
  method: string;
  /** Path template, or the webhook name. */
  path: string;
}

/** The OpenAPI specs in scope at a navigation element (inherited, or its own `openapi`), outermost override last. */
export type SpecInScope = readonly SpecReference[];

/** An OpenAPI endpoint page the navigation names; the OpenAPI stage (`renderEndpointPages`) renders its content. */
export interface EndpointReference {
  route: string;
  title: string;
  operation: OperationRef;
  /** `x-hidden` on the operation. */
  hidden: boolean;
  /** The loaded operation to render. */
  source: SpecOperation;
}

/** One page reference of the navigation with everything known about where it sits. */
export interface NavigationPageEntry {
  route: string;
  /** The page file (content pages only). */
  file?: string;
  /** JSON pointer of the docs.json value that referenced it. */
  pointer: string;
  /** Hidden by an element above it, or (endpoints) by `x-hidden`. */
  hidden: boolean;
  context: PageContext;
  /** The specs in scope where the page was referenced (absent when none). */
  openapi?: SpecInScope;
  /** The operation, for operation references and whole-spec elements. */
  operation?: OperationRef;
  /** The endpoint page to generate, for operation references and whole-spec elements. */
  endpoint?: EndpointReference;
  /** Pointer of the first reference to the same route: this entry is a repeat and the first one's context wins. */
  duplicateOf?: string;
}

/** The navigation as a tree for renderers and as a flat list of page entries for the build. */
export interface ResolvedNavigation {
  /**
   * Nodes `{kind, label?, icon?, href?, hidden?, children}`; leaves are `{kind: 'page', path}` (the title is the
   * page's, in the manifest's `pages`) and `{kind: 'endpoint', path, method, title}`.
   */
  tree: ManifestNavigationNode[];
  entries: NavigationPageEntry[];
  diagnostics: Diagnostic[];
}

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

/** Element kinds in the order they are resolved when one element holds several: list key, name key, context kind. */
const CHILD_KINDS = [
  ['languages', 'language', 'language'],
  ['versions', 'version', 'version'],
  ['products', 'product', 'product'],
  ['tabs', 'tab', 'tab'],
  ['menu', 'item', 'menu'],
  ['dropdowns', 'dropdown', 'dropdown'],
  ['anchors', 'anchor', 'anchor'],
  ['groups', 'group', 'group'],
] as const;
const GLOBAL_KINDS = ['languages', 'versions', 'products', 'tabs', 'anchors', 'dropdowns'] as const;
const ELEMENT_FIELDS = ['icon', 'iconType', 'description', 'tag', 'expanded', 'default', 'color'] as const;
const UNTAGGED_GROUP = 'API Reference';

interface Scope {
  context: PageContext;
  hidden: boolean;
  specs: SpecInScope;
  /** Human path of labels for messages: "tab API › group Users". */
  trail: string[];
}

/**
 * Resolves docs.json `navigation` into a tree and a flat list of page entries, each knowing its language,
 * version, product, tab, menu item, dropdown, anchor and group path, whether it is hidden and the OpenAPI
 * specs in scope. Operation references and whole-spec elements become endpoint references, which
 * `renderEndpointPages` renders. Elements nest in any combination; an element holding several child kinds
 * resolves them all in a stable order. Pure.
 */
export function resolveNavigation(config: Partial<Pick<SiteConfig, 'navigation' | 'api'>>, options: ResolveNavigationOptions): ResolvedNavigation {
  const diagnostics: Diagnostic[] = [];
  const entries: NavigationPageEntry[] = [];
  /** Route → its first entry. */
  const firstEntries = new Map<string, NavigationPageEntry>();
  /** `spec method path` → route, so an operation referenced twice keeps one route. */
  const operationRoutes = new Map<string, string>();
  const endpointRoutes = new Set<string>();

  const report = (pointer: string, severity: Diagnostic['severity'], ruleId: RuleId, message: string, hint?: string): void => {
    diagnostics.push({ ...options.locate(pointer), pointer, severity, ruleId, message, ...(hint ? { hint } : {}) });
  };

  const addEntry = (entry: NavigationPageEntry): void => {
    const first = firstEntries.get(entry.route);
    if (first) {
      entry.duplicateOf = first.pointer;
      if (first.context.language === entry.context.language && first.context.version === entry.context.version) {
        report(entry.pointer, 'warning', 'duplicate-page', `Unexpected second reference to page \`${entry.route}\`, expected each page once per version and language (first at ${first.pointer})`,
          'The first reference sets the page\'s tab and groups; remove this one or link to the page instead.');
      }
    } else {
      firstEntries.set(entry.route, entry);
    }
    entries.push(entry);
  };

  const endpointRoute = (operation: SpecOperation, specFile: string, scope: Scope): string => {
    const directory = scope.specs.find((spec) => spec.file === specFile)?.directory;
    const key = `${directory ?? ''} ${specFile} ${operation.webhook ? 'WEBHOOK' : operation.method} ${operation.path}`;
    const known = operationRoutes.get(key);
    if (known) return known;
    const base = endpointSlug(operation, directory);
    let route = base;
    for (let suffix = 1; firstEntries.has(route) || endpointRoutes.has(route); suffix += 1) route = `${base}-${suffix}`;
    operationRoutes.set(key, route);
    endpointRoutes.add(route);
    return route;
  };

  const addEndpoint = (operation: SpecOperation, specFile: string, scope: Scope, pointer: string, extraGroups: string[] = []): ManifestNavigationNode => {
    const title = endpointTitle(operation);
    const route = endpointRoute(operation, specFile, scope);
    const hidden = scope.hidden || operation.hidden;
    const reference: OperationRef = { specFile, method: operation.webhook ? 'WEBHOOK' : operation.method, path: operation.path };
    addEntry({
      route,
      pointer,
      hidden,
      context: { ...scope.context, groups: [...scope.context.groups, ...extraGroups] },
      ...(scope.specs.length > 0 ? { openapi: scope.specs } : {}),
      operation: reference,
      endpoint: { route, title, operation: reference, hidden: operation.hidden, source: operation },
    });
    return { kind: 'endpoint', path: route, method: reference.method, title, ...(hidden ? { hidden: true } : {}) };
  };

  const resolveOperationEntry = (entry: string, pointer: string, scope: Scope): ManifestNavigationNode | undefined => {
    const resolution = resolveOperationReference(options.specs, entry, scope.specs.map((spec) => spec.file));
    if (resolution.ok) return resolution.operation.excluded ? undefined : addEndpoint(resolution.operation, resolution.spec.file, scope, pointer);
    report(pointer, 'warning', 'unknown-operation', `${resolution.message} (referenced from ${describeTrail(scope.trail)}); the entry is left out`, resolution.hint);
    return undefined;
  };

  const resolvePage = (entry: unknown, pointer: string, scope: Scope): ManifestNavigationNode | undefined => {
    if (typeof entry !== 'string') return resolveElement(entry, pointer, scope, 'groups');
    if (isOperationReference(entry)) return resolveOperationEntry(entry, pointer, scope);
    const route = pageRoute(entry);
    if (/\.mdx?\/*$/i.test(entry.trim())) {
      report(pointer, 'warning', 'page-extension', `Unexpected extension in page path \`${entry}\`, expected the path without \`.mdx\`/\`.md\``, `Write \`${route}\`.`);
    }
    const file = options.pageFileFor(route);
    if (!file && options.isUnreadable?.(route)) return undefined;
    if (!file) {
      const suggestion = suggestName(route, options.pageRoutes ?? []);
      report(pointer, ruleSeverity('missing-page'), 'missing-page', `Cannot find a page file for \`${entry}\` (looked for ${route}.mdx and ${route}.md), referenced from ${describeTrail(scope.trail)}; the entry is left out`,
        suggestion ? `Did you mean \`${suggestion}\`?` : 'Create the file, fix the path, or remove it from the navigation.');
      return undefined;
    }
    addEntry({ route, file, pointer, hidden: scope.hidden, context: { ...scope.context, groups: [...scope.context.groups] }, ...(scope.specs.length > 0 ? { openapi: scope.specs } : {}) });
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
      children: operations.map(({ operation, specFile }) => addEndpoint(operation, specFile, scope, `${pointer}/openapi`, [tag])),
    }));
  };

  const resolveChildren = (record: Record<string, unknown>, pointer: string, scope: Scope, ownSpecs: SpecInScope): ManifestNavigationNode[] => {
    const children: ManifestNavigationNode[] = [];
    for (const [listKey] of CHILD_KINDS) {
      const list = record[listKey];
      if (!Array.isArray(list)) continue;
      list.forEach((child, index) => {
        const node = resolveElement(child, `${pointer}/${listKey}/${index}`, scope, listKey);
        if (node) children.push(node);
      });
    }
    if (Array.isArray(record.pages)) {
      record.pages.forEach((page, index) => {
        const node = resolvePage(page, `${pointer}/pages/${index}`, scope);
        if (node) children.push(node);
      });
    }
    if (!hasChildLists(record) && ownSpecs.length > 0) children.push(...generateWholeSpec(ownSpecs, pointer, scope));
    return children;
  };

  const resolveElement = (element: unknown, pointer: string, scope: Scope, listKey: string): ManifestNavigationNode | undefined => {
    if (!isRecord(element)) return undefined;
    const [, nameKey, kind] = CHILD_KINDS.find(([list]) => list === listKey) ?? CHILD_KINDS[CHILD_KINDS.length - 1]!;
    const label = typeof element[nameKey] === 'string' ? element[nameKey] : undefined;
    const node: ManifestNavigationNode = { kind, ...(label === undefined ? {} : { label }) };
    for (const field of ELEMENT_FIELDS) if (element[field] !== undefined) node[field] = element[field];
    const hidden = scope.hidden || element.hidden === true;
    if (hidden) node.hidden = true;
    if (typeof element.href === 'string') {
      node.href = element.href;
      if (!hasChildLists(element) && element.root === undefined) return node;
    }
    const context: PageContext = { ...scope.context, groups: [...scope.context.groups] };
    if (label !== undefined) {
      if (kind === 'group') context.groups.push(label);
      else context[kind] = label;
    }
    const ownSpecs = specReferencesOf(element.openapi);
    const childScope: Scope = { context, hidden, specs: ownSpecs.length > 0 ? ownSpecs : scope.specs, trail: [...scope.trail, `${kind} ${label ?? '?'}`] };
    if (typeof element.root === 'string') {
      const rootNode = resolvePage(element.root, `${pointer}/root`, childScope);
      if (typeof rootNode?.path === 'string') node.root = rootNode.path;
    }
    node.children = resolveChildren(element, pointer, childScope, ownSpecs);
    return node;
  };

  const navigation: Record<string, unknown> = isRecord(config.navigation) ? config.navigation : {};
  const rootSpecs = specReferencesOf(isRecord(config.api) ? config.api.openapi : undefined);
  const navigationSpecs = specReferencesOf(navigation.openapi);
  const rootScope: Scope = { context: { groups: [] }, hidden: false, specs: navigationSpecs.length > 0 ? navigationSpecs : rootSpecs, trail: [] };
  const tree = resolveChildren(navigation, '/navigation', rootScope, navigationSpecs);
  tree.push(...resolveGlobal(navigation.global));
  return { tree, entries, diagnostics };
}

/** `navigation.global` members are link-only: one node each, with its label and `href`. */
function resolveGlobal(global: unknown): ManifestNavigationNode[] {
  if (!isRecord(global)) return [];
  const nodes: ManifestNavigationNode[] = [];
  for (const listKey of GLOBAL_KINDS) {
    const list = global[listKey];
    if (!Array.isArray(list)) continue;
    const [, nameKey, kind] = CHILD_KINDS.find(([candidate]) => candidate === listKey) ?? CHILD_KINDS[0];
    for (const item of list) {
      if (!isRecord(item)) continue;
      const node: ManifestNavigationNode = { kind: `global-${kind}`, label: String(item[nameKey] ?? ''), href: String(item.href ?? '') };
      for (const field of ELEMENT_FIELDS) if (item[field] !== undefined) node[field] = item[field];
      if (item.hidden === true) node.hidden = true;
      nodes.push(node);
    }
  }
  return nodes;
}

function hasChildLists(record: Record<string, unknown>): boolean {
  return CHILD_KINDS.some(([listKey]) => Array.isArray(record[listKey])) || Array.isArray(record.pages);
}

function describeTrail(trail: string[]): string {
  return trail.length > 0 ? trail.join(' › ') : 'the top-level navigation';
}

import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import type { PageContext } from '../../runtime/search/section-record.ts';
import { isOperationReference } from '../config/is-operation-reference.ts';
import type { ConfigPosition } from '../config/validate-config.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { specReferencesOf, type SpecReference } from '../openapi/collect-spec-references.ts';
import type { LoadedSpecs, SpecOperation } from '../openapi/load-openapi-specs.ts';
import { operationToEndpointContent, type EndpointContent } from '../openapi/operation-to-endpoint-content.ts';
import { resolveOperationReference } from '../openapi/resolve-operation-reference.ts';
import { slugify } from './slugify.ts';

/** A generated OpenAPI endpoint page. */
export interface EndpointPage extends EndpointContent {
  route: string;
  operation: { specFile: string; method: string; path: string };
  /** `x-hidden` on the operation. */
  hidden: boolean;
}

/** One page reference of the navigation with everything known about where it sits. */
export interface NavigationPageEntry {
  route: string;
  /** The page file (content pages only). */
  file?: string;
  /** JSON pointer of the docs.json value that referenced it. */
  pointer: string;
  hidden: boolean;
  context: PageContext;
  /** The generated endpoint page, for operation references and whole-spec elements. */
  endpoint?: EndpointPage;
}

/** The navigation as a tree for renderers and as a flat list of page entries for the build. */
export interface ResolvedNavigation {
  tree: ManifestNavigationNode[];
  entries: NavigationPageEntry[];
  diagnostics: Diagnostic[];
}

/** Options of `resolveNavigation`. */
export interface ResolveNavigationOptions {
  /** The page file of a route, or undefined when there is none. */
  pageFileFor: (route: string) => string | undefined;
  specs: LoadedSpecs;
  locate: (pointer: string) => ConfigPosition;
}

/** Element kinds in the order they are resolved when one element holds several. */
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
const GLOBAL_KINDS = ['languages', 'versions', 'tabs', 'anchors', 'dropdowns'] as const;
const ELEMENT_FIELDS = ['icon', 'iconType', 'description', 'tag', 'expanded', 'default', 'color'] as const;

interface Scope {
  context: PageContext;
  hidden: boolean;
  spec?: SpecReference;
  /** Human path of labels for messages: "Tab API › Group Users". */
  trail: string[];
}

/**
 * Resolves docs.json `navigation` into a tree and a flat list of page entries, each knowing its language,
 * version, product, tab, menu item, dropdown, anchor and group path, whether it is hidden and the OpenAPI
 * spec in scope. Operation references and whole-spec elements become endpoint pages. Elements nest in any
 * combination; an element holding several child kinds resolves them all in a stable order.
 */
export function resolveNavigation(config: Record<string, unknown>, options: ResolveNavigationOptions): ResolvedNavigation {
  const diagnostics: Diagnostic[] = [];
  const entries: NavigationPageEntry[] = [];
  const usedRoutes = new Set<string>();
  const report = (pointer: string, severity: Diagnostic['severity'], ruleId: string, message: string, hint?: string): void => {
    diagnostics.push({ ...options.locate(pointer), pointer, severity, ruleId, message, ...(hint ? { hint } : {}) });
  };
  const navigation = (config.navigation ?? {}) as Record<string, unknown>;
  const rootSpec = specReferencesOf((config.api as Record<string, unknown> | undefined)?.openapi)[0];

  const endpointRoute = (operation: SpecOperation, spec: SpecReference | undefined): string => {
    const name = operation.summary ? slugify(operation.summary) : slugify(`${operation.webhook ? 'webhook' : operation.method} ${operation.path}`);
    const tagSegment = operation.tags[0] ? [slugify(operation.tags[0])] : [];
    const base = [spec?.directory ?? 'api-reference', ...tagSegment, name || 'endpoint'].join('/');
    let route = base;
    for (let suffix = 1; usedRoutes.has(route); suffix += 1) route = `${base}-${suffix}`;
    usedRoutes.add(route);
    return route;
  };
  const addEndpoint = (operation: SpecOperation, specFile: string, scope: Scope, pointer: string, extraGroups: string[] = []): ManifestNavigationNode => {
    const content = operationToEndpointContent(operation);
    const route = endpointRoute(operation, scope.spec?.file === specFile ? scope.spec : { file: specFile });
    const hidden = scope.hidden || operation.hidden;
    entries.push({
      route,
      pointer,
      hidden,
      context: { ...scope.context, groups: [...scope.context.groups, ...extraGroups] },
      endpoint: { route, ...content, operation: { specFile, method: operation.webhook ? 'WEBHOOK' : operation.method, path: operation.path }, hidden: operation.hidden },
    });
    return { kind: 'endpoint', path: route, method: operation.webhook ? 'WEBHOOK' : operation.method, ...(hidden ? { hidden: true } : {}) };
  };

  const resolvePage = (entry: unknown, pointer: string, scope: Scope): ManifestNavigationNode | undefined => {
    if (typeof entry !== 'string') return resolveElement(entry, pointer, scope, 'groups', 'group');
    if (isOperationReference(entry)) {
      const resolution = resolveOperationReference(options.specs, entry, scope.spec?.file);
      if (!resolution.ok) {
        report(pointer, 'error', 'unknown-operation', `${resolution.message} (referenced from ${describeTrail(scope.trail)})`, resolution.hint);
        return undefined;
      }
      if (resolution.operation.excluded) return undefined;
      return addEndpoint(resolution.operation, resolution.spec.file, scope, pointer);
    }
    const trimmed = entry.trim();
    let route = trimmed.replace(/^\.?\/+/, '');
    if (/\.mdx?$/i.test(route)) {
      report(pointer, 'warning', 'page-extension', `Unexpected extension in page path \`${entry}\`, expected the path without \`.mdx\`/\`.md\``);
      route = route.replace(/\.mdx?$/i, '');
    }
    route = route.replace(/\/+$/, '') || 'index';
    const file = options.pageFileFor(route);
    if (!file) {
      report(pointer, 'error', 'missing-page', `Cannot find a page file for \`${entry}\` (looked for ${route}.mdx and ${route}.md), referenced from ${describeTrail(scope.trail)}`,
        'Create the file, fix the path, or remove it from the navigation.');
      return undefined;
    }
    usedRoutes.add(route);
    entries.push({ route, file, pointer, hidden: scope.hidden, context: { ...scope.context, groups: [...scope.context.groups] } });
    return { kind: 'page', path: route, ...(scope.hidden ? { hidden: true } : {}) };
  };

  const resolveChildren = (record: Record<string, unknown>, pointer: string, scope: Scope): ManifestNavigationNode[] => {
    const children: ManifestNavigationNode[] = [];
    for (const [listKey, nameKey] of CHILD_KINDS) {
      const list = record[listKey];
      if (!Array.isArray(list)) continue;
      list.forEach((child, index) => {
        const node = resolveElement(child, `${pointer}/${listKey}/${index}`, scope, listKey, nameKey);
        if (node) children.push(node);
      });
    }
    if (Array.isArray(record.pages)) {
      record.pages.forEach((page, index) => {
        const node = resolvePage(page, `${pointer}/pages/${index}`, scope);
        if (node) children.push(node);
      });
    }
    const hasPageLists = CHILD_KINDS.some(([listKey]) => Array.isArray(record[listKey])) || Array.isArray(record.pages);
    if (!hasPageLists && record.openapi !== undefined && scope.spec) {
      children.push(...generateWholeSpec(scope.spec, pointer, scope));
    }
    return children;
  };

  const generateWholeSpec = (spec: SpecReference, pointer: string, scope: Scope): ManifestNavigationNode[] => {
    const loaded = options.specs.get(spec.file);
    if (!loaded) return [];
    const byTag = new Map<string, SpecOperation[]>();
    for (const operation of loaded.operations) {
      if (operation.excluded) continue;
      const tag = operation.tags[0] ?? 'API Reference';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation]);
    }
    return [...byTag].map(([tag, operations]) => ({
      kind: 'group',
      label: tag,
      generated: true,
      children: operations.map((operation) => addEndpoint(operation, loaded.file, scope, `${pointer}/openapi`, [tag])),
    }));
  };

  const resolveElement = (element: unknown, pointer: string, scope: Scope, listKey: string, nameKey: string): ManifestNavigationNode | undefined => {
    if (!element || typeof element !== 'object' || Array.isArray(element)) return undefined;
    const record = element as Record<string, unknown>;
    const label = typeof record[nameKey] === 'string' ? (record[nameKey] as string) : undefined;
    const kind = CHILD_KINDS.find(([list]) => list === listKey)?.[2] ?? 'group';
    const node: ManifestNavigationNode = { kind, ...(label === undefined ? {} : { label }) };
    for (const field of ELEMENT_FIELDS) if (record[field] !== undefined) node[field] = record[field];
    const hidden = scope.hidden || record.hidden === true;
    if (hidden) node.hidden = true;
    if (typeof record.href === 'string') {
      node.href = record.href;
      const hasChildren = CHILD_KINDS.some(([list]) => Array.isArray(record[list])) || Array.isArray(record.pages);
      if (!hasChildren) return node;
    }
    const context: PageContext = { ...scope.context, groups: [...scope.context.groups] };
    if (label !== undefined) {
      if (kind === 'group') context.groups.push(label);
      else (context as unknown as Record<string, string>)[kind] = label;
    }
    const ownSpec = specReferencesOf(record.openapi)[0];
    const childScope: Scope = { context, hidden, trail: [...scope.trail, `${kind} ${label ?? '?'}`], ...(ownSpec ?? scope.spec ? { spec: ownSpec ?? scope.spec } : {}) };
    if (typeof record.root === 'string') {
      const rootNode = resolvePage(record.root, `${pointer}/root`, childScope);
      if (rootNode?.path) node.root = rootNode.path;
    }
    node.children = resolveChildren(record, pointer, childScope);
    return node;
  };

  const rootScope: Scope = { context: { groups: [] }, hidden: false, trail: [], ...(rootSpec ? { spec: rootSpec } : {}) };
  const tree = resolveChildren(navigation, '/navigation', rootScope);
  const global = navigation.global as Record<string, unknown> | undefined;
  if (global && typeof global === 'object') {
    for (const listKey of GLOBAL_KINDS) {
      const list = global[listKey];
      if (!Array.isArray(list)) continue;
      const nameKey = CHILD_KINDS.find(([list]) => list === listKey)?.[1] ?? listKey;
      for (const item of list as Record<string, unknown>[]) {
        if (!item || typeof item !== 'object') continue;
        tree.push({ kind: `global-${nameKey}`, label: String(item[nameKey] ?? ''), href: String(item.href ?? ''), ...(item.hidden === true ? { hidden: true } : {}) });
      }
    }
  }
  return { tree, entries, diagnostics };
}

function describeTrail(trail: string[]): string {
  return trail.length > 0 ? trail.join(' › ') : 'the top-level navigation';
}

import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import { endpointTitle } from '../openapi/endpoint-title.ts';
import type { SpecOperation } from '../openapi/loaded-spec.ts';
import type { NavigationEntries } from './navigation-entries.ts';
import type { OperationRef } from './navigation-page-entry.ts';
import { searchPlacement, type Scope } from './navigation-scope.ts';

/** Where an endpoint page is generated: the list its route is named within, the rank of its expansion, its groups. */
export interface EndpointPlacement {
  /** One tag group of one spec expanded by one element, or one operation reference (`NavigationEntries.endpointRoute`). */
  naming: string;
  /** 0 for an operation reference, else the expanding element's place in navigation order (`NavigationEntries.add`). */
  expansion: number;
  /** Groups under the scope's (a generated tag group); default none. */
  groups?: readonly string[];
}

/** Adds an operation's endpoint page to `entries` in `scope`, and returns its navigation node. */
export function addEndpointPage(
  entries: NavigationEntries,
  operation: SpecOperation,
  specFile: string,
  scope: Scope,
  pointer: string,
  { naming, expansion, groups = [] }: EndpointPlacement,
): ManifestNavigationNode {
  const route = entries.endpointRoute(operation, specFile, scope.specs, naming);
  const title = endpointTitle(operation, route);
  const hidden = scope.hidden || operation.hidden;
  const reference: OperationRef = {
    specFile,
    method: operation.webhook ? 'WEBHOOK' : operation.method,
    path: operation.path,
  };
  entries.add(
    {
      route,
      pointer,
      hidden,
      ...searchPlacement(scope),
      context: { ...scope.context, groups: [...scope.context.groups, ...groups] },
      ...(scope.specs.length > 0 ? { openapi: scope.specs } : {}),
      operation: reference,
      endpoint: { route, title, operation: reference, hidden: operation.hidden, source: operation },
    },
    expansion,
  );
  const node: ManifestNavigationNode = {
    kind: 'endpoint',
    path: route,
    method: reference.method,
    title,
    ...(hidden ? { hidden: true } : {}),
  };
  entries.endpointNodes.push(node);
  return node;
}

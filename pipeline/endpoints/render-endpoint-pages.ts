import type { EndpointReference, NavigationPageEntry, OperationRef } from '../navigation/navigation-page-entry.ts';
import { operationToEndpointContent, type EndpointContent } from './operation-to-endpoint-content.ts';

/** A generated OpenAPI endpoint page: its route, the operation it documents and its rendered content. */
export interface EndpointPage extends EndpointContent {
  route: string;
  operation: OperationRef;
  /** `x-hidden` on the operation. */
  hidden: boolean;
}

/**
 * Renders the endpoint page of every endpoint reference the navigation emitted, once per route (an operation
 * referenced twice keeps one route). Returns route → page, in navigation order. Pure.
 */
export function renderEndpointPages(entries: readonly NavigationPageEntry[]): Map<string, EndpointPage> {
  const pages = new Map<string, EndpointPage>();
  for (const { endpoint } of entries) {
    if (endpoint && !pages.has(endpoint.route)) pages.set(endpoint.route, renderEndpointPage(endpoint));
  }
  return pages;
}

/** Renders one endpoint reference into its page. */
export function renderEndpointPage(endpoint: EndpointReference): EndpointPage {
  return {
    route: endpoint.route,
    ...operationToEndpointContent(endpoint.source),
    operation: endpoint.operation,
    hidden: endpoint.hidden,
  };
}

import type {
  ChannelReference,
  EndpointReference,
  NavigationPageEntry,
  OperationRef,
} from '../navigation/navigation-page-entry.ts';
import { channelToPageContent } from './channel-to-page-content.ts';
import { operationToEndpointContent, type EndpointContent } from './operation-to-endpoint-content.ts';

/** A generated page: an OpenAPI endpoint page (its operation) or an AsyncAPI channel page (its channel), its route and rendered content. */
export interface EndpointPage extends EndpointContent {
  route: string;
  kind: 'openapi' | 'asyncapi';
  operation?: OperationRef;
  channel?: { specFile: string; id: string };
  /** `x-hidden` on the operation. */
  hidden: boolean;
}

/**
 * Renders the page of every endpoint and channel reference the navigation emitted, once per route (an operation
 * referenced twice keeps one route). Returns route → page, in navigation order. Pure.
 */
export function renderEndpointPages(entries: readonly NavigationPageEntry[]): Map<string, EndpointPage> {
  const pages = new Map<string, EndpointPage>();
  for (const { endpoint, channel } of entries) {
    if (endpoint && !pages.has(endpoint.route)) pages.set(endpoint.route, renderEndpointPage(endpoint));
    if (channel && !pages.has(channel.route)) pages.set(channel.route, renderChannelPage(channel));
  }
  return pages;
}

/** Renders one endpoint reference into its page. */
export function renderEndpointPage(endpoint: EndpointReference): EndpointPage {
  return {
    route: endpoint.route,
    ...operationToEndpointContent(endpoint.source, endpoint.route),
    kind: 'openapi',
    operation: endpoint.operation,
    hidden: endpoint.hidden,
  };
}

/** Renders one channel reference into its page. */
function renderChannelPage(channel: ChannelReference): EndpointPage {
  return {
    route: channel.route,
    ...channelToPageContent(channel.source),
    kind: 'asyncapi',
    channel: { specFile: channel.documentFile, id: channel.source.id },
    hidden: false,
  };
}

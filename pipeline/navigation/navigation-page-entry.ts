import type { PageContext } from '../../contract/search/section-record.ts';
import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SpecReference } from '../site-model/collect-spec-references.ts';
import type { SpecOperation } from '../openapi/loaded-spec.ts';
import type { AsyncApiChannel } from '../openapi/asyncapi-channel.ts';

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

/** An AsyncAPI channel page the navigation generates (`asyncapi` on an element); `renderEndpointPages` renders it. */
export interface ChannelReference {
  route: string;
  /** Site-relative AsyncAPI document (or URL). */
  documentFile: string;
  /** The loaded channel to render. */
  source: AsyncApiChannel;
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
  /** Under a hidden tab or group marked `searchable: true`: indexed although hidden (absent otherwise). */
  searchable?: true;
  /** The `boost` of its nearest group that sets one (absent when none does). */
  boost?: number;
  /** The `tag` of its nearest group that sets one (absent when none does). */
  tag?: string;
  context: PageContext;
  /** The specs in scope where the page was referenced (absent when none). */
  openapi?: SpecInScope;
  /** The operation, for operation references and whole-spec elements. */
  operation?: OperationRef;
  /** The endpoint page to generate, for operation references and whole-spec elements. */
  endpoint?: EndpointReference;
  /** The channel page to generate, for elements with `asyncapi`. */
  channel?: ChannelReference;
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

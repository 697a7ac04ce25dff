import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import type { SpecOperation } from '../openapi/loaded-spec.ts';
import type { AsyncApiChannel } from '../openapi/asyncapi-channel.ts';
import { channelSlug } from './channel-slug.ts';
import { endpointSlug } from './endpoint-slug.ts';
import type { EndpointReference, NavigationPageEntry, SpecInScope } from './navigation-page-entry.ts';

/** Reports a problem at a docs.json pointer; returns the diagnostic. */
export type ReportAtPointer = (
  pointer: string,
  severity: Diagnostic['severity'],
  ruleId: RuleId,
  message: string,
  hint?: string,
) => Diagnostic;

/**
 * The page entries of a navigation in the order they are resolved. The first reference to a route sets its context;
 * a repeat points to it (`duplicateOf`). A repeat within one navigation context (`sidebarOf`) is a `duplicate-page`
 * warning; a page listed under several languages, versions, products, tabs, menu items, dropdowns or anchors is
 * cross-listed on purpose, as the platform's sites do. Endpoint routes get a suffix only against the other pages of
 * their expansion (and content and channel pages): two expansions giving the same route give one page, listed at
 * each place, showing the operation of the latest expansion (`showLatestEndpoints`).
 */
export class NavigationEntries {
  readonly entries: NavigationPageEntry[] = [];
  /** The navigation nodes of the endpoint pages, which `showLatestEndpoints` updates. */
  readonly endpointNodes: ManifestNavigationNode[] = [];
  /** Route → its first entry. */
  private readonly firstEntries = new Map<string, NavigationPageEntry>();
  /** `route sidebar` → the first entry of the route in that sidebar. */
  private readonly firstInSidebar = new Map<string, NavigationPageEntry>();
  /** `directory document channel id` (a channel) → route. */
  private readonly channelRoutes = new Map<string, string>();
  /** `naming` list of `endpointRoute` → the routes its listed operations took. */
  private readonly routesByNaming = new Map<string, Set<string>>();
  /** Pointer → its `duplicate-page` warning and the routes it counts: the pages one `openapi` generates warn once. */
  private readonly duplicatesAt = new Map<string, { warning: Diagnostic; routes: string[]; first: string }>();
  /** Route → the endpoint page it shows and the rank of the expansion that gave it (see `add`). */
  private readonly shownEndpoints = new Map<string, { endpoint: EndpointReference; expansion: number }>();

  constructor(private readonly report: ReportAtPointer) {}

  /**
   * Adds an entry, marking it as a repeat when its route was referenced before. An endpoint entry's `expansion` ranks
   * what generated it, as the platform's prebuild runs them: operation references first (0, the default), then
   * whole-spec elements in navigation order; a route shows the endpoint of the highest rank, the latest of equals.
   */
  add(entry: NavigationPageEntry, expansion = 0): void {
    if (entry.endpoint) {
      const shown = this.shownEndpoints.get(entry.route);
      if (!shown || expansion >= shown.expansion)
        this.shownEndpoints.set(entry.route, { endpoint: entry.endpoint, expansion });
    }
    const first = this.firstEntries.get(entry.route);
    if (first) entry.duplicateOf = first.pointer;
    else this.firstEntries.set(entry.route, entry);
    const sidebarKey = `${entry.route}\u0000${sidebarOf(entry)}`;
    const firstHere = this.firstInSidebar.get(sidebarKey);
    if (firstHere) this.reportDuplicate(entry, firstHere);
    else this.firstInSidebar.set(sidebarKey, entry);
    this.entries.push(entry);
  }

  /** Warns of an entry repeating `first` in one sidebar: once per docs.json position, counting the pages it repeats. */
  private reportDuplicate(entry: NavigationPageEntry, first: NavigationPageEntry): void {
    const expected = 'expected each page once per language, version, product, tab, menu item, dropdown and anchor';
    const known = this.duplicatesAt.get(entry.pointer);
    if (known) {
      known.routes.push(entry.route);
      known.warning.message = `Unexpected second reference to ${known.routes.length} pages in the same navigation (\`${known.routes[0]}\` first at ${known.first}, and ${known.routes.length - 1} more), ${expected}`;
      return;
    }
    const warning = this.report(
      entry.pointer,
      'warning',
      'duplicate-page',
      `Unexpected second reference to page \`${entry.route}\` in the same navigation, ${expected} (first at ${first.pointer})`,
      'Readers see the page twice in one sidebar, and the first reference of the site sets its groups; remove this one or link to the page instead.',
    );
    this.duplicatesAt.set(entry.pointer, { warning, routes: [entry.route], first: first.pointer });
  }

  /**
   * The route of an operation's endpoint page: its slug under the spec's `directory`, `-1`, `-2`… when an operation
   * listed before in the same `naming` list, a content page or a channel page has it, as the platform's scraper makes
   * names unique within one generated group only. `naming` is one tag group of one spec expanded by one element, or
   * one operation reference: another list giving the same route gives the same page.
   */
  endpointRoute(operation: SpecOperation, specFile: string, specs: SpecInScope, naming: string): string {
    const directory = specs.find((spec) => spec.file === specFile)?.directory;
    const base = endpointSlug(operation, directory);
    const named = this.routesByNaming.get(naming) ?? new Set<string>();
    this.routesByNaming.set(naming, named);
    let route = base;
    for (let suffix = 1; named.has(route) || this.heldByAnotherKind(route); suffix += 1) route = `${base}-${suffix}`;
    // As the platform's scraper: an `x-hidden` operation is left out of its group, so it takes no name from the others.
    if (!operation.hidden) named.add(route);
    return route;
  }

  /**
   * Makes every endpoint entry, and each of `endpointNodes`, show the endpoint page of its route: the operation of the
   * expansion the platform runs last (see `add`). Call once every entry is added.
   */
  showLatestEndpoints(): void {
    for (const entry of this.entries) {
      const shown = entry.endpoint && this.shownEndpoints.get(entry.route)?.endpoint;
      if (shown) Object.assign(entry, { endpoint: shown, operation: shown.operation });
    }
    for (const node of this.endpointNodes) {
      const shown = this.shownEndpoints.get(String(node.path))?.endpoint;
      if (shown) Object.assign(node, { method: shown.operation.method, title: shown.title });
    }
  }

  /** The route of an AsyncAPI channel's generated page: its slug under `directory`, `-1`, `-2`… when taken. */
  channelRoute(channel: AsyncApiChannel, documentFile: string, directory: string | undefined): string {
    const key = `${directory ?? ''} ${documentFile} channel ${channel.id}`;
    const known = this.channelRoutes.get(key);
    if (known) return known;
    const base = channelSlug(channel, directory);
    let route = base;
    for (let suffix = 1; this.firstEntries.has(route); suffix += 1) route = `${base}-${suffix}`;
    this.channelRoutes.set(key, route);
    return route;
  }

  /** Whether a content page or a channel page has the route: endpoint routes never collide with them. */
  private heldByAnotherKind(route: string): boolean {
    const first = this.firstEntries.get(route);
    return first !== undefined && first.endpoint === undefined;
  }
}

/** The navigation a reader sees an entry in: every part of its context but its groups (one sidebar). */
function sidebarOf(entry: NavigationPageEntry): string {
  const { language, version, product, tab, menu, dropdown, anchor } = entry.context;
  return JSON.stringify([language, version, product, tab, menu, dropdown, anchor]);
}

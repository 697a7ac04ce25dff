import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import type { SpecOperation } from '../openapi/loaded-spec.ts';
import type { AsyncApiChannel } from '../openapi/asyncapi-channel.ts';
import { channelSlug } from './channel-slug.ts';
import { endpointSlug } from './endpoint-slug.ts';
import type { NavigationPageEntry, SpecInScope } from './navigation-page-entry.ts';

/** Reports a problem at a docs.json pointer. */
export type ReportAtPointer = (
  pointer: string,
  severity: Diagnostic['severity'],
  ruleId: RuleId,
  message: string,
  hint?: string,
) => void;

/**
 * The page entries of a navigation in the order they are resolved. The first reference to a route sets its context;
 * a repeat points to it (`duplicateOf`). A repeat within one navigation context (`sidebarOf`) is a `duplicate-page`
 * warning; a page listed under several languages, versions, products, tabs, menu items, dropdowns or anchors is
 * cross-listed on purpose, as the platform's sites do. An operation keeps one route however often it is referenced,
 * and endpoint routes never collide with pages.
 */
export class NavigationEntries {
  readonly entries: NavigationPageEntry[] = [];
  /** Route → its first entry. */
  private readonly firstEntries = new Map<string, NavigationPageEntry>();
  /** `route sidebar` → the first entry of the route in that sidebar. */
  private readonly firstInSidebar = new Map<string, NavigationPageEntry>();
  /** `directory spec method path` (an operation) or `directory document channel id` (a channel) → route. */
  private readonly generatedRoutes = new Map<string, string>();
  private readonly endpointRoutes = new Set<string>();

  constructor(private readonly report: ReportAtPointer) {}

  /** Adds an entry, marking it as a repeat when its route was referenced before. */
  add(entry: NavigationPageEntry): void {
    const first = this.firstEntries.get(entry.route);
    if (first) entry.duplicateOf = first.pointer;
    else this.firstEntries.set(entry.route, entry);
    const sidebarKey = `${entry.route}\u0000${sidebarOf(entry)}`;
    const firstHere = this.firstInSidebar.get(sidebarKey);
    if (firstHere) {
      this.report(
        entry.pointer,
        'warning',
        'duplicate-page',
        `Unexpected second reference to page \`${entry.route}\` in the same navigation, expected each page once per language, version, product, tab, menu item, dropdown and anchor (first at ${firstHere.pointer})`,
        'Readers see the page twice in one sidebar, and the first reference of the site sets its groups; remove this one or link to the page instead.',
      );
    } else {
      this.firstInSidebar.set(sidebarKey, entry);
    }
    this.entries.push(entry);
  }

  /** The route of an operation's endpoint page: its slug under the spec's `directory`, `-1`, `-2`… when taken. */
  endpointRoute(operation: SpecOperation, specFile: string, specs: SpecInScope): string {
    const directory = specs.find((spec) => spec.file === specFile)?.directory;
    const key = `${directory ?? ''} ${specFile} ${operation.webhook ? 'WEBHOOK' : operation.method} ${operation.path}`;
    return this.generatedRoute(key, endpointSlug(operation, directory));
  }

  /** The route of an AsyncAPI channel's generated page: its slug under `directory`, `-1`, `-2`… when taken. */
  channelRoute(channel: AsyncApiChannel, documentFile: string, directory: string | undefined): string {
    return this.generatedRoute(
      `${directory ?? ''} ${documentFile} channel ${channel.id}`,
      channelSlug(channel, directory),
    );
  }

  /** The route of the generated page known by `key`: the one it got before, else `base` or `base-1`, `base-2`… when taken. */
  private generatedRoute(key: string, base: string): string {
    const known = this.generatedRoutes.get(key);
    if (known) return known;
    let route = base;
    for (let suffix = 1; this.firstEntries.has(route) || this.endpointRoutes.has(route); suffix += 1)
      route = `${base}-${suffix}`;
    this.generatedRoutes.set(key, route);
    this.endpointRoutes.add(route);
    return route;
  }
}

/** The navigation a reader sees an entry in: every part of its context but its groups (one sidebar). */
function sidebarOf(entry: NavigationPageEntry): string {
  const { language, version, product, tab, menu, dropdown, anchor } = entry.context;
  return JSON.stringify([language, version, product, tab, menu, dropdown, anchor]);
}

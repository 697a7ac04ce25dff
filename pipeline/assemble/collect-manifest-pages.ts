import type { ManifestPage } from '../../schemas/manifest.ts';
import type { PageContext, SectionRecord } from '../../contract/search/section-record.ts';
import type { IndexingPolicy } from '../site-model/site-config.ts';
import type { PageSection, ParsedPage } from '../content/parsed-page.ts';
import type { NavigationPageEntry } from '../navigation/navigation-page-entry.ts';
import { pagePathForFile } from '../site/load-site.ts';
import type { EndpointPage } from '../endpoints/render-endpoint-pages.ts';
import type { SiteDefaults } from '../site-model/collect-site-defaults.ts';
import { contentRecordsOnce } from './content-records-once.ts';
import { manifestHeadingsOnce } from './manifest-headings-once.ts';
import { contentPlacement, endpointPlacement, type PagePlacement } from './page-placement.ts';
import { preferDefaultContext } from './prefer-default-context.ts';
import type { FrontmatterOperation } from './resolve-frontmatter-operations.ts';

/** What the manifest pages are collected from; every input is the output of an earlier stage. */
export interface ManifestPagesInput {
  /** The navigation's page entries, in navigation order. */
  entries: readonly NavigationPageEntry[];
  /** Parsed content pages by file (snippets only imported left out). */
  parsedByFile: ReadonlyMap<string, ParsedPage>;
  /** Rendered endpoint pages by route. */
  endpointPages: ReadonlyMap<string, EndpointPage>;
  /** What each page's frontmatter says about the endpoint it documents, by file. */
  operations: ReadonlyMap<string, FrontmatterOperation>;
  indexing: IndexingPolicy;
  /** Decides which reference of a page shared by versions or languages sets its context. */
  defaults: SiteDefaults;
}

/** The manifest's pages, the search records of the indexed ones and their sections. */
export interface ManifestPages {
  pages: ManifestPage[];
  sectionRecords: SectionRecord[];
  /** The sections of each indexed page by route, as parsed (with their Markdown): what its page Markdown is written from. */
  pageSections: Map<string, readonly PageSection[]>;
  /**
   * How many of `pages` document an endpoint: pages generated from an operation, MDX pages whose frontmatter `openapi`
   * names one, and hand-written endpoint pages (frontmatter `api`).
   */
  endpointPages: number;
}

/** What the navigation says about a page's search beyond its context (see `NavigationPageEntry`). */
type SearchPlacement = Pick<NavigationPageEntry, 'searchable' | 'boost' | 'tag'>;

/**
 * Collects the manifest pages, once per route: the navigation's pages and endpoint pages in navigation order (a
 * page referenced twice takes the context `preferDefaultContext` picks), then, when `seo.indexing` is `all`, every
 * other page file. Holds the indexing policy: a page is indexed unless hidden (a hidden tab or group marked
 * `searchable: true` keeps its pages indexed, unless a page hides itself), `searchable: false`, a navigation link
 * (frontmatter `url`: its entry opens that URL, the page shows nothing of its own) or restricted to user groups
 * (frontmatter `groups`: the platform shows it only to signed-in members; an open assistant must not quote it), and when it is
 * outside the navigation only with `indexing: all`. A page's search records carry its frontmatter `keywords` and its
 * `boost` (frontmatter, else its navigation group's); every indexed page has a record, one without text its title. Pure.
 */
export function collectManifestPages(input: ManifestPagesInput): ManifestPages {
  const pages: ManifestPage[] = [];
  const sectionRecords: SectionRecord[] = [];
  const pageSections = new Map<string, readonly PageSection[]>();
  const seenRoutes = new Set<string>();
  const contentRecords = contentRecordsOnce();
  const manifestHeadings = manifestHeadingsOnce();
  let endpointPages = 0;

  const place = (
    route: string,
    placement: PagePlacement,
    context: PageContext,
    inNavigation: boolean,
    search: SearchPlacement = {},
  ): void => {
    const { page, hidden, sections, searchDescription, keywords, links } = placement;
    const indexed =
      (!hidden || (search.searchable === true && !placement.hiddenByPage)) &&
      page.searchable &&
      page.url === undefined &&
      page.userGroups === undefined &&
      (inNavigation || input.indexing === 'all');
    // Built member by member in the manifest's order: spreading optional members costs more than the rest of a page.
    const manifestPage: ManifestPage = { path: route, title: page.title } as ManifestPage;
    if (page.description !== undefined) manifestPage.description = page.description;
    if (page.file !== undefined) manifestPage.file = page.file;
    manifestPage.kind = page.kind;
    manifestPage.contentHash = page.contentHash;
    manifestPage.context = context;
    manifestPage.inNavigation = inNavigation;
    manifestPage.hidden = hidden;
    manifestPage.noindex = page.noindex;
    manifestPage.searchable = page.searchable;
    manifestPage.indexed = indexed;
    manifestPage.headings = page.headings;
    if (page.operation !== undefined) manifestPage.operation = page.operation;
    if (page.channel !== undefined) manifestPage.channel = page.channel;
    if (page.api !== undefined) manifestPage.api = page.api;
    if (page.url !== undefined) manifestPage.url = page.url;
    if (page.userGroups !== undefined) manifestPage.userGroups = page.userGroups;
    pages.push(manifestPage);
    if (page.operation !== undefined || page.api !== undefined) endpointPages += 1;
    if (!indexed) return;
    pageSections.set(route, sections);
    const boost = placement.boost ?? search.boost;
    const tag = placement.tag ?? search.tag;
    contentRecords(page.title, searchDescription, keywords, links, sections).forEach(
      ({ anchor, headingPath, title, text, description, keywords: pageKeywords, links: pageLinks }, position) => {
        const record: SectionRecord = { path: route, anchor, headingPath, title, text, context };
        if (description !== undefined) record.description = description;
        if (pageKeywords !== undefined) record.keywords = pageKeywords;
        if (pageLinks !== undefined) record.links = pageLinks;
        if (position === 0 && boost !== undefined && boost !== 1) record.boost = boost;
        if (position === 0 && tag !== undefined) record.tag = tag;
        sectionRecords.push(record);
      },
    );
  };

  const contextEntries = preferDefaultContext(input.entries, input.defaults);
  for (const entry of input.entries) {
    if (contextEntries.get(entry.route) !== entry) continue;
    const generated = entry.endpoint ?? entry.channel;
    const endpoint = generated ? input.endpointPages.get(generated.route) : undefined;
    const page = entry.file ? input.parsedByFile.get(entry.file) : undefined;
    if (endpoint) {
      if (seenRoutes.has(endpoint.route)) continue;
      seenRoutes.add(endpoint.route);
      place(endpoint.route, endpointPlacement(endpoint, entry.hidden), entry.context, true, entry);
    } else if (page && !seenRoutes.has(entry.route)) {
      seenRoutes.add(entry.route);
      place(
        entry.route,
        contentPlacement(page, input.operations.get(page.file), entry.hidden, manifestHeadings),
        entry.context,
        true,
        entry,
      );
    }
  }
  if (input.indexing === 'all') {
    for (const page of input.parsedByFile.values()) {
      const route = pagePathForFile(page.file);
      if (seenRoutes.has(route)) continue;
      seenRoutes.add(route);
      place(
        route,
        contentPlacement(page, input.operations.get(page.file), false, manifestHeadings),
        { groups: [] },
        false,
      );
    }
  }
  return { pages, sectionRecords, pageSections, endpointPages };
}

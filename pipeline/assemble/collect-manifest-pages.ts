import type { ManifestPage } from '../../schemas/manifest.ts';
import type { PageContext, SectionRecord } from '../../contract/search/section-record.ts';
import type { IndexingPolicy } from '../site-model/site-config.ts';
import type { PageHeading, PageSection, ParsedPage } from '../content/parsed-page.ts';
import type { NavigationPageEntry } from '../navigation/navigation-page-entry.ts';
import { pagePathForFile } from '../site/load-site.ts';
import type { EndpointPage } from '../endpoints/render-endpoint-pages.ts';
import type { SiteDefaults } from '../site-model/collect-site-defaults.ts';
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

/** The manifest's pages and the search records of the indexed ones. */
export interface ManifestPages {
  pages: ManifestPage[];
  sectionRecords: SectionRecord[];
  /**
   * How many of `pages` document an endpoint: pages generated from an operation, MDX pages whose frontmatter `openapi`
   * names one, and hand-written endpoint pages (frontmatter `api`).
   */
  endpointPages: number;
}

/** What the manifest says about a page apart from where it sits. */
type UnplacedPage = Omit<ManifestPage, 'path' | 'context' | 'inNavigation' | 'hidden' | 'indexed'>;

/** A page before it is placed: its manifest members (an optional one may be undefined: `place` leaves it out), and its text. */
interface PagePlacement {
  page: {
    [Key in keyof UnplacedPage]: UnplacedPage[Key] | (object extends Pick<UnplacedPage, Key> ? undefined : never);
  };
  hidden: boolean;
  /** Hidden by the page itself (frontmatter `hidden: true`, `x-hidden`), which a searchable hidden group does not override. */
  hiddenByPage: boolean;
  sections: PageSection[];
  /** The description that leads the intro section of the search records. */
  searchDescription: string | undefined;
  /** Frontmatter `keywords`: words readers search for that the page may not use. */
  keywords: string[] | undefined;
  /** How many links to other pages the page's own text holds (images and links within the page left out): a page that is mostly links is a hub of other pages. */
  links: number;
  /** Frontmatter `boost`, which wins over the navigation group's. */
  boost: number | undefined;
  /** Frontmatter `tag` (the badge beside the page title), which wins over the navigation group's. */
  tag: string | undefined;
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
    if (page.api !== undefined) manifestPage.api = page.api;
    if (page.url !== undefined) manifestPage.url = page.url;
    if (page.userGroups !== undefined) manifestPage.userGroups = page.userGroups;
    pages.push(manifestPage);
    if (page.operation !== undefined || page.api !== undefined) endpointPages += 1;
    if (!indexed) return;
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
    const endpoint = entry.endpoint ? input.endpointPages.get(entry.endpoint.route) : undefined;
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
  return { pages, sectionRecords, endpointPages };
}

function contentPlacement(
  page: ParsedPage,
  operation: FrontmatterOperation | undefined,
  navigationHidden: boolean,
  manifestHeadings: (headings: readonly PageHeading[]) => ManifestPage['headings'],
): PagePlacement {
  const frontmatter = page.frontmatter;
  return {
    // Optional members may be undefined here: `place` leaves those out of the manifest page.
    page: {
      title: operation?.title ?? page.title,
      description: page.description ?? operation?.description,
      file: page.file,
      kind: page.kind,
      contentHash: page.contentHash,
      noindex: frontmatter.noindex === true,
      searchable: frontmatter.searchable !== false,
      headings: manifestHeadings(page.headings),
      operation: operation?.operation || undefined,
      api: operation?.api || undefined,
      url: typeof frontmatter.url === 'string' && frontmatter.url.trim() !== '' ? frontmatter.url.trim() : undefined,
      userGroups: userGroupsOf(frontmatter.groups),
    },
    hidden: navigationHidden || frontmatter.hidden === true,
    hiddenByPage: frontmatter.hidden === true,
    sections: operation ? [...page.sections, ...operation.sections] : page.sections,
    searchDescription: page.description ?? operation?.description,
    keywords: keywordsOf(frontmatter.keywords),
    links: page.links.filter((link) => link.kind !== 'image' && !link.url.startsWith('#')).length,
    boost:
      typeof frontmatter.boost === 'number' && Number.isFinite(frontmatter.boost) && frontmatter.boost > 0
        ? frontmatter.boost
        : undefined,
    tag: typeof frontmatter.tag === 'string' && frontmatter.tag.trim() !== '' ? frontmatter.tag.trim() : undefined,
  };
}

function endpointPlacement(endpoint: EndpointPage, navigationHidden: boolean): PagePlacement {
  return {
    page: {
      title: endpoint.title,
      ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
      kind: 'openapi',
      contentHash: endpoint.contentHash,
      noindex: false,
      searchable: true,
      headings: endpoint.headings.map(({ depth, text, anchor }) => ({ depth, text, anchor })),
      operation: endpoint.operation,
    },
    hidden: navigationHidden || endpoint.hidden,
    hiddenByPage: endpoint.hidden,
    sections: endpoint.sections,
    searchDescription: undefined,
    keywords: undefined,
    links: 0,
    boost: undefined,
    tag: undefined,
  };
}

/** Frontmatter `groups`: the user groups a page is restricted to, a list of strings (or one string); undefined when none. */
function userGroupsOf(value: unknown): string[] | undefined {
  return frontmatterStrings(Array.isArray(value) ? value : [value]);
}

/** Frontmatter `keywords`: a list of strings, or one comma-separated string; blank ones dropped (undefined when none). */
function keywordsOf(value: unknown): string[] | undefined {
  return frontmatterStrings(typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : []);
}

/** The strings of a frontmatter list, trimmed, without blanks and other values; undefined when none is left. */
function frontmatterStrings(listed: readonly unknown[]): string[] | undefined {
  const strings = listed
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter(Boolean);
  return strings.length > 0 ? strings : undefined;
}

/** A search record without the fields that differ from one copy of a page to the next. */
type ContentRecord = Omit<SectionRecord, 'path' | 'context' | 'boost' | 'tag'>;

/**
 * The content of a page's search records, one per section, made once per distinct page (copies across versions
 * and languages share their parse's `sections`), so that every copy's records share the same strings. The page
 * description leads the text of the section before the first heading, and is that section's `description`; the
 * page's keywords and link count go with the first record.
 */
function contentRecordsOnce(): (
  title: string,
  description: string | undefined,
  keywords: string[] | undefined,
  links: number,
  sections: PageSection[],
) => readonly ContentRecord[] {
  const made = new Map<
    PageSection[],
    {
      title: string;
      description: string | undefined;
      keywords: string[] | undefined;
      links: number;
      records: ContentRecord[];
    }[]
  >();
  return (title, description, keywords, links, sections) => {
    const candidates = made.get(sections) ?? [];
    const keywordsKey = keywords?.join('\u0000');
    const known = candidates.find(
      (candidate) =>
        candidate.title === title &&
        candidate.description === description &&
        candidate.keywords?.join('\u0000') === keywordsKey &&
        candidate.links === links,
    );
    if (known) return known.records;
    const records = sections.map((section): ContentRecord => ({
      anchor: section.anchor,
      headingPath: section.headingPath,
      title,
      text: section.text,
    }));
    const lead = description?.trim();
    if (lead) {
      const intro = records.find((record) => record.anchor === '');
      if (intro) Object.assign(intro, { text: intro.text ? `${lead}\n${intro.text}` : lead, description: lead });
      else records.unshift({ anchor: '', headingPath: [], title, text: lead, description: lead });
    }
    if (keywords) {
      if (records[0]) records[0].keywords = keywords;
      else records.push({ anchor: '', headingPath: [], title, text: '', keywords });
    }
    // An indexed page without any text is still found by its title.
    if (records.length === 0) records.push({ anchor: '', headingPath: [], title, text: '' });
    if (links > 0) (records[0] as ContentRecord).links = links;
    candidates.push({ title, description, keywords, links, records });
    made.set(sections, candidates);
    return records;
  };
}

/** A page's headings as the manifest lists them, made once per distinct page so that copies share one array. */
function manifestHeadingsOnce(): (headings: readonly PageHeading[]) => ManifestPage['headings'] {
  const made = new Map<readonly PageHeading[], ManifestPage['headings']>();
  return (headings) => {
    let listed = made.get(headings);
    if (!listed) {
      listed = headings.map(({ depth, text, anchor }) => ({ depth, text, anchor }));
      made.set(headings, listed);
    }
    return listed;
  };
}

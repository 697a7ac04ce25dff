import type { ManifestPage } from '../../schemas/manifest.ts';
import type { PageHeading, PageSection, ParsedPage } from '../content/parsed-page.ts';
import type { EndpointPage } from '../endpoints/render-endpoint-pages.ts';
import { keywordsOf, userGroupsOf } from './frontmatter-lists.ts';
import type { FrontmatterOperation } from './resolve-frontmatter-operations.ts';

/** What the manifest says about a page apart from where it sits. */
type UnplacedPage = Omit<ManifestPage, 'path' | 'context' | 'inNavigation' | 'hidden' | 'indexed'>;

/** A page before it is placed: its manifest members (an optional one may be undefined: `collectManifestPages` leaves it out), and its text. */
export interface PagePlacement {
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

/** The placement of a content page: its parse, with the endpoint its frontmatter documents, if any. */
export function contentPlacement(
  page: ParsedPage,
  operation: FrontmatterOperation | undefined,
  navigationHidden: boolean,
  manifestHeadings: (headings: readonly PageHeading[]) => ManifestPage['headings'],
): PagePlacement {
  const frontmatter = page.frontmatter;
  return {
    // Optional members may be undefined here: `collectManifestPages` leaves those out of the manifest page.
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
      channel: operation?.channel || undefined,
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

/** The placement of a generated page: an endpoint page rendered from an operation, or a channel page. */
export function endpointPlacement(endpoint: EndpointPage, navigationHidden: boolean): PagePlacement {
  return {
    page: {
      title: endpoint.title,
      ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
      kind: endpoint.kind,
      contentHash: endpoint.contentHash,
      noindex: false,
      searchable: true,
      headings: endpoint.headings.map(({ depth, text, anchor }) => ({ depth, text, anchor })),
      operation: endpoint.operation,
      channel: endpoint.channel,
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

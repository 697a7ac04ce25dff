/** Where a page sits in the site's navigation: what a filter or a breadcrumb needs. */
export interface PageContext {
  language?: string;
  version?: string;
  product?: string;
  tab?: string;
  dropdown?: string;
  anchor?: string;
  menu?: string;
  /** Group names on the page's group path, outermost first. */
  groups: string[];
}

/**
 * One retrievable unit of the search artifact: a page split at a heading.
 * `path` is the page route without leading slash (`guides/intro`), `anchor` the heading slug
 * (`''` for the text before the first heading).
 */
export interface SectionRecord {
  path: string;
  anchor: string;
  /** Heading titles from the outermost to this section's own heading. */
  headingPath: string[];
  /** The page title. */
  title: string;
  /** Plain text of the section (component text and attributes kept, JSX/ESM syntax dropped); code blocks stay Markdown fenced blocks (`code-fences.ts`). */
  text: string;
  /** The page's frontmatter description, on the section before the first heading only (a strong search field). */
  description?: string;
  /** The page's frontmatter `keywords` (words readers search for that the page may not use), on the section before the first heading only. */
  keywords?: string[];
  /** How many links to other pages the page holds (Markdown links, elements with an `href`; not images, not `#anchors` of the page itself), on its first record only (omitted when none): a page that is mostly links is a hub of other pages. */
  links?: number;
  /** Search ranking multiplier of the page at this path: its frontmatter `boost`, else its nearest navigation group's; on the page's first record only (omitted when none). */
  boost?: number;
  /** The page's tag at this path (frontmatter `tag`, else its nearest navigation group's), for the `tag` search filter; on the first record only (omitted when none). */
  tag?: string;
  context: PageContext;
}

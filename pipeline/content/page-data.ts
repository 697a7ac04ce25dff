import type { Node } from 'mdast';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { PageHeading, PageLink, PageSection } from './parsed-page.ts';

/** What the page plugins need besides the tree, set on the vfile by `parsePage` before they run. */
export interface PageInputData {
  /** Reads another file of the site (snippets); undefined when there is none (default: snippets are neither inlined nor reported). */
  readSnippet?: (sitePath: string) => string | undefined;
}

/** What the page plugins find; `parsePage` turns it into a `ParsedPage`. */
export interface PageContentData {
  headings: PageHeading[];
  sections: PageSection[];
  /** Snippet elements and imported snippet components of the page, replaced by the snippet's content: their children are not the page's. */
  inlinedElements: ReadonlySet<Node>;
  /** Site-relative files the page imports or embeds, sorted. */
  imports: string[];
  /** Texts of the snippets inlined into the page, in the order they were inlined (for the content hash). */
  inlinedTexts: string[];
}

/** The frontmatter of a page as `remarkPageFrontmatter` reads it. */
export interface PageFrontmatterData {
  frontmatter: Record<string, unknown>;
  title: string;
  description?: string;
}

declare module 'vfile' {
  interface DataMap {
    /** Input of the page plugins (set by `parsePage`). */
    pageInput: PageInputData;
    /** Set by `remarkCustomHeadingIds`: custom heading ids (`{#id}`) by 1-based line. */
    customHeadingIds: ReadonlyMap<number, string>;
    /** Set by `remarkPageFrontmatter`. */
    pageFrontmatter: PageFrontmatterData;
    /** Set by `remarkPageContent`. */
    pageContent: PageContentData;
    /** Set by `remarkPageLinks`: the page's links in document order. */
    pageLinks: PageLink[];
    /** Diagnostics of the page plugins, in the order they were found (frontmatter first). */
    pageDiagnostics: Diagnostic[];
  }
}

import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { PageHeading, PageLink, PageSection } from './parsed-page.ts';

/** What the page plugins need besides the tree, set on the vfile by `parsePage` before they run. */
export interface PageInputData {
  /** Reads another file of the site (snippets); undefined when there is none (default: snippets are neither inlined nor reported). */
  readSnippet?: (sitePath: string) => string | undefined;
}

/** What `remarkInlineSnippets` finds: the files the page names and the snippet texts it inlined. */
export interface PageSnippetsData {
  /** Site-relative files the page imports or embeds, sorted. */
  imports: string[];
  /** Texts of the snippets inlined into the page, in the order they were inlined (for the content hash). */
  inlinedTexts: string[];
}

/** What `remarkPageSections` finds: the page's headings and its text split into sections. */
export interface PageSectionsData {
  headings: PageHeading[];
  sections: PageSection[];
}

/** A snippet usage `remarkInlineSnippets` replaced: its children are now the snippet's content (none when it cannot be read). */
export interface InlinedSnippetData {
  /** The site-relative snippet file, whose lines the positions of the inlined nodes are (absent when the element names none). */
  file?: string;
  /** The snippet's custom heading ids (`{#id}`) by 1-based line. */
  headingIds: ReadonlyMap<number, string>;
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
    /** Set by `remarkInlineSnippets`. */
    pageSnippets: PageSnippetsData;
    /** Set by `remarkPageSections`. */
    pageSections: PageSectionsData;
    /** Set by `remarkPageLinks`: the page's links in document order. */
    pageLinks: PageLink[];
    /** Diagnostics of the page plugins, in the order they were found (frontmatter first). */
    pageDiagnostics: Diagnostic[];
  }
}

declare module 'mdast' {
  interface Data {
    /** Set by `remarkInlineSnippets` on a `<Snippet file>` or imported-snippet element it replaced by the snippet's content. */
    snippet?: InlinedSnippetData;
    /** Set by `remarkInlineSnippets` on an element named after an import of its file: the imported site file. */
    importedFrom?: string;
    /** Set by `remarkHeadingQuoteContext` on a heading: the end of the text SmartyPants reads before it on the platform. */
    quoteBefore?: string;
    /** Set by `remarkHeadingQuoteContext` on a heading: the start of the text SmartyPants reads after it on the platform. */
    quoteAfter?: string;
    /** Set by `expandComponent` on the elements a component's body renders: the component's name (a heading there is no page heading). */
    renderedBy?: string;
  }
}

import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/** Version of the ParsedPage shape and text; caches of parsed pages keyed by it start empty when it changes (2: image links, 3: text of element-valued attributes, 4: a blank title falls back to the sidebarTitle, a number title is kept as written, 5: code blocks fenced, 6: View, Tile and Prompt lines, 7: JSX headings `<h2 id>` are headings, LaTeX `$…$` is math, 8: a `{#custom id}` with spaces is an id, `..` past the site root in an import stays at the root, 9: the content hash leaves the title out, 10: an HTML table row `<tr>` is one line, its cells joined by ` | `, 11: a page without `title` is titled from its file name, TOML frontmatter is no text, a call of a component defined with a JSX body shows the text its body renders, 12: `{"literal"}` and `{Name}` bound to one are text, a `<CodeBlock>` of them is a fenced block, 13: an Update's tags, an Accordion's description, Tree and Color.Item names, field `pre`/`post` labels, a Tooltip's `cta`, 14: a field's `required="True"` in any case is required, 15: a component body's `const`s and `if … return`s are read, an unknown `? :` shows its branch with the most text and an unknown `&&` its JSX, 16: list items and steps start with their marker, their further lines indented, 17: sections carry their Markdown, inline code and links kept, 18: GFM tables in the Markdown under a delimiter row, 19: HTML tables `<tr>` in the Markdown as GFM tables too, 20: a heading's quotes curled by the text around it on the page, in its anchor, 21: a `<Snippet file>` heading's anchor from its text as written, 22: a file name's title keeps every `-` and `_` as a space, as `slugToTitle` does). */
export const PARSED_PAGE_FORMAT = 22;

/** A heading of a page, with the anchor a docs site gives it. */
export interface PageHeading {
  depth: number;
  text: string;
  anchor: string;
  line: number;
}

/** The page split at a heading: the unit the search index stores. `anchor` is `''` before the first heading. */
export interface PageSection {
  anchor: string;
  headingPath: string[];
  text: string;
  /** The section's text as Markdown (inline code, links, emphasis kept, literal text escaped), when it reads otherwise than `text`: the page Markdown's, never searched. */
  markdown?: string;
  /** The section's own heading as Markdown, when it reads otherwise than the last of `headingPath`. */
  markdownHeading?: string;
}

/** An internal or external link found in the page body, with its position; `kind: 'image'` for an image source. */
export interface PageLink {
  url: string;
  line: number;
  column: number;
  kind?: 'image';
}

/** Everything the pipeline needs from one page file; a pure function of its bytes (and the snippets it imports). */
export interface ParsedPage {
  /** Site-relative source file, e.g. `guides/intro.mdx`. */
  file: string;
  kind: 'mdx' | 'md';
  frontmatter: Record<string, unknown>;
  title: string;
  description?: string;
  headings: PageHeading[];
  sections: PageSection[];
  links: PageLink[];
  /** Site-relative files this page imports or embeds (snippets), so they are known not to be pages. */
  imports: string[];
  /** sha256 (hex) of the page's frontmatter but its title, its body and every snippet it inlines: what `docsmith diff` calls its content. */
  contentHash: string;
  diagnostics: Diagnostic[];
}

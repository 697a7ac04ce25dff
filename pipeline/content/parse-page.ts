import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { createHash } from 'node:crypto';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import './page-data.ts';
import { findDeepPageNesting, pageNestingTooDeep } from './find-deep-page-nesting.ts';
import { markdownNotMdx, parseFailure } from './parse-failure.ts';
import { FRONTMATTER_FORMATS, pageKind } from './parse-page-tree.ts';
import type { ParsedPage } from './parsed-page.ts';
import { readFrontmatter } from './read-frontmatter.ts';
import { remarkCustomHeadingIds } from './remark-custom-heading-ids.ts';
import { remarkHeadingQuoteContext } from './remark-heading-quote-context.ts';
import { remarkInlineSnippets } from './remark-inline-snippets.ts';
import { remarkLiteralExpressions } from './remark-literal-expressions.ts';
import { remarkPageFrontmatter } from './remark-page-frontmatter.ts';
import { remarkPageLinks } from './remark-page-links.ts';
import { remarkParseInSlices } from './remark-parse-in-slices.ts';
import { remarkUnravelJsx } from './remark-unravel-jsx.ts';
import { remarkPageSections } from './remark-page-sections.ts';
import { SnippetTreeCache } from './snippet-tree-cache.ts';

/** Input of `parsePage`: a page file's text and a way to read the snippets it imports. */
export interface PageInput {
  /** Site-relative POSIX path, e.g. `guides/intro.mdx`. */
  file: string;
  text: string;
  /**
   * Reads another file of the site by site-relative POSIX path (no leading slash), e.g. `snippets/x.mdx`;
   * returns undefined when it does not exist. Default: none, so snippets are neither inlined nor reported missing.
   */
  readSnippet?: (sitePath: string) => string | undefined;
}

const FRONTMATTER_BLOCK = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;
/** Parsed snippet trees, shared by every page this thread parses. */
const snippetTrees = new SnippetTreeCache();
const markdownProcessor = unified()
  .use(remarkParse)
  .use(remarkParseInSlices)
  .use(remarkCustomHeadingIds)
  .use(remarkFrontmatter, FRONTMATTER_FORMATS)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkHeadingQuoteContext)
  .use(remarkPageFrontmatter)
  .use(remarkInlineSnippets, { snippetTrees })
  .use(remarkPageSections)
  .use(remarkPageLinks)
  .freeze();
const mdxProcessor = unified()
  .use(remarkParse)
  .use(remarkParseInSlices)
  .use(remarkCustomHeadingIds)
  .use(remarkFrontmatter, FRONTMATTER_FORMATS)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkMdx)
  .use(remarkUnravelJsx)
  .use(remarkHeadingQuoteContext)
  .use(remarkPageFrontmatter)
  .use(remarkInlineSnippets, { snippetTrees })
  .use(remarkLiteralExpressions, { snippetTrees })
  .use(remarkPageSections)
  .use(remarkPageLinks)
  .freeze();

/**
 * Parses one page file into what the pipeline needs: frontmatter, title, headings with anchors, sections of
 * plain text, links and the files it imports. Pure and synchronous; a page that fails to parse comes back
 * with an error diagnostic (`mdx-parse`), its frontmatter when that can be read, and no sections.
 *
 * The unified pipeline: remark-parse (a page of many blocks in slices, `remarkParseInSlices`) with `remarkCustomHeadingIds` (a heading's `{#custom-id}` suffix, Mintlify's
 * syntax, sets its anchor), remark-frontmatter (YAML and TOML blocks, only YAML read), remark-gfm, remark-math (+ remark-mdx for `.mdx`), then `remarkPageFrontmatter`,
 * `remarkInlineSnippets` (snippets replaced by their trees), `remarkLiteralExpressions` (`{"literal"}` and
 * `{Name}` bound to one become their text), `remarkPageSections` and `remarkPageLinks`, whose
 * results are typed on the vfile's `data` (page-data.ts).
 *
 * Section text: one line per paragraph, list item, table row or component title, whitespace collapsed; code
 * blocks verbatim. Tab/Accordion/Step/Card/Expandable titles, Frame captions and Update labels and
 * descriptions are lines of their own at their place in the text (sub-headings inside the section; only
 * Markdown headings `#`…`######` start a new section and have anchors). ParamField/ResponseField become
 * "name (type, required, default x): description". Imported `.md`/`.mdx` snippets and `<Snippet file>` are
 * inlined where used; a call of a component defined with a JSX body (in the page, or exported by name from an
 * `.mdx`/`.jsx` snippet) shows the text its body renders, props substituted (expand-component.ts); a Tooltip keeps
 * its text and adds its tip; a `<CodeBlock>` of expressions is a fenced block; an HTML block or `<br/>` written inside
 * a line keeps its words apart from its neighbours' (`separatesWords`). JSX and ESM syntax, expressions that
 * render no literal text and images
 * (their alt text stays) are dropped. GFM tables give one line per row (cells joined by ` | `); footnote
 * definitions are text of their section. A section also carries its Markdown where that reads otherwise (inline code,
 * links and emphasis kept: `remarkPageSections`), which only the page Markdown reads.
 */
export function parsePage(input: PageInput): ParsedPage {
  const { file, text, readSnippet } = input;
  const kind = pageKind(file);
  const deep = findDeepPageNesting(text);
  if (deep) return unparsablePage(input, kind, pageNestingTooDeep(file, deep));
  const vfile = new VFile({ path: file, value: text, data: { pageInput: readSnippet ? { readSnippet } : {} } });
  // The platform parses `.md` pages as MDX too (`@mintlify/common` getAST); one that is not valid MDX is read as
  // plain Markdown here, with a warning, rather than lost.
  let processor = mdxProcessor;
  let tree;
  let notMdx: Diagnostic | undefined;
  try {
    tree = processor.parse(vfile);
  } catch (error) {
    if (kind !== 'md') return unparsablePage(input, kind, parseFailure(file, error, kind));
    notMdx = markdownNotMdx(file, error);
    processor = markdownProcessor;
    tree = processor.parse(vfile);
  }
  processor.runSync(tree, vfile);
  const { pageFrontmatter, pageSnippets, pageSections, pageLinks, pageDiagnostics } = vfile.data;
  if (!pageFrontmatter || !pageSnippets || !pageSections || !pageLinks)
    throw new Error('parsePage: the page plugins did not run');
  const hash = createHash('sha256').update(contentWithoutTitle(text));
  for (const inlined of pageSnippets.inlinedTexts) hash.update(inlined);
  return {
    file,
    kind,
    frontmatter: pageFrontmatter.frontmatter,
    title: pageFrontmatter.title,
    ...(pageFrontmatter.description === undefined ? {} : { description: pageFrontmatter.description }),
    headings: pageSections.headings,
    sections: pageSections.sections,
    links: pageLinks,
    imports: pageSnippets.imports,
    contentHash: hash.digest('hex'),
    diagnostics: notMdx ? [notMdx, ...(pageDiagnostics ?? [])] : (pageDiagnostics ?? []),
  };
}

/** The `title` key of a frontmatter block and the indented lines that continue its value. */
const TITLE_LINES = /^title[ \t]*:.*(?:\r?\n[ \t]+.*)*(?:\r?\n|$)/m;

/**
 * What a page's content hash covers: its text without the frontmatter's `title` (its line, and the indented lines that
 * continue it). A title-only change keeps the hash, so `docsmith diff` lists it once, as retitled, and a retitled page
 * that moved is still found as moved.
 */
function contentWithoutTitle(text: string): string {
  const block = FRONTMATTER_BLOCK.exec(text);
  if (!block) return text;
  return text.slice(0, block[0].length).replace(TITLE_LINES, '') + text.slice(block[0].length);
}

/** A page the parser rejects (`failure`) or that is not parsed (nested too deep), with its frontmatter when that can still be read. */
function unparsablePage(input: PageInput, kind: 'md' | 'mdx', failure: Diagnostic): ParsedPage {
  const block = FRONTMATTER_BLOCK.exec(input.text);
  const recovered = readFrontmatter({ file: input.file, yaml: block ? (block[1] ?? '') : undefined, line: 2 });
  return {
    file: input.file,
    kind,
    frontmatter: recovered.frontmatter,
    title: recovered.title,
    ...(recovered.description === undefined ? {} : { description: recovered.description }),
    headings: [],
    sections: [],
    links: [],
    imports: [],
    contentHash: createHash('sha256').update(input.text).digest('hex'),
    diagnostics: [failure, ...recovered.diagnostics],
  };
}

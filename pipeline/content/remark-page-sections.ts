import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { markdownInlineStyle } from './markdown-inline-style.ts';
import './page-data.ts';
import type { PageSection } from './parsed-page.ts';
import { pageKind } from './parse-page-tree.ts';
import { MAX_PAGE_NESTING } from './nesting-depth.ts';
import { SectionWalk } from './section-walk.ts';
import { MAX_SECTIONS_PER_PAGE, SectionWriter } from './section-writer.ts';

/** Page modes whose headings the platform renders without ids (`AVOIDED_PAGE_MODES` of `@mintlify/common`). */
const IDLESS_PAGE_MODES = new Set(['custom', 'frame']);

/**
 * Unified plugin (after `remarkInlineSnippets`): walks the page tree in document order and writes
 * `file.data.pageSections`, the headings and the text split into sections at each Markdown heading or JSX heading
 * element (`<h2 id="…">`; anchored by its custom id from `file.data.customHeadingIds` or its `id`, else the platform's id of its text, `AnchorSlugger`). Inlined snippets (`data.snippet`) are walked
 * where they stand, with their own custom ids, so their text lands in the section they are used in. Component text
 * (titles, captions, fields, tooltips) is component-text.ts. A second walk writes each section's Markdown
 * (`markdownInlineStyle`: inline code, links and emphasis kept), kept on the sections where it differs. A tree nested too deep to walk gets an error in
 * `file.data.pageDiagnostics` and no sections.
 */
export function remarkPageSections() {
  return (tree: Root, file: VFile): void => {
    const writer = new SectionWriter();
    const markdownWriter = new SectionWriter();
    try {
      const headingIds = file.data.customHeadingIds ?? new Map<number, string>();
      const mode = file.data.pageFrontmatter?.frontmatter.mode;
      const idlessHeadings = typeof mode === 'string' && IDLESS_PAGE_MODES.has(mode);
      new SectionWalk(writer, { idlessHeadings }).blocks(tree.children, headingIds);
      // The definitions are looked up on the first link reference only: most pages have none.
      let definitions: Map<string, string> | undefined;
      const definitionUrl = (identifier: string) => (definitions ??= linkDefinitions(tree)).get(identifier);
      new SectionWalk(markdownWriter, { style: markdownInlineStyle, definitionUrl, idlessHeadings }).blocks(
        tree.children,
        headingIds,
      );
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      const ruleId = pageKind(file.path) === 'mdx' ? 'mdx-parse' : 'markdown-parse';
      (file.data.pageDiagnostics ??= []).push({
        file: file.path,
        line: 1,
        column: 1,
        severity: 'error',
        ruleId,
        message: `Unexpected nesting too deep to read, expected elements nested at most ${MAX_PAGE_NESTING} levels deep`,
      });
      writer.discard();
      markdownWriter.discard();
    }
    writer.close();
    markdownWriter.close();
    if (writer.cappedAt !== undefined) {
      (file.data.pageDiagnostics ??= []).push({
        file: file.path,
        line: writer.cappedAt,
        column: 1,
        severity: 'warning',
        ruleId: 'too-many-sections',
        message: `Unexpected heading past the ${MAX_SECTIONS_PER_PAGE.toLocaleString('en-US')}th of the page, expected at most ${MAX_SECTIONS_PER_PAGE.toLocaleString('en-US')} sections per page: this heading and the next are text of the last section`,
        hint: 'Split the page: its text is all indexed, but these headings get no anchor and no section of their own.',
      });
    }
    file.data.pageSections = {
      headings: writer.headings,
      sections: withMarkdown(writer.sections, markdownWriter.sections),
    };
  };
}

/** The URLs of a tree's link definitions (`[id]: url`) by identifier, the first of an identifier winning. */
function linkDefinitions(tree: Root): Map<string, string> {
  const urls = new Map<string, string>();
  visit(tree, 'definition', (definition) => {
    if (!urls.has(definition.identifier)) urls.set(definition.identifier, definition.url);
  });
  return urls;
}

/**
 * The sections, each with its Markdown where that reads otherwise than its text. Both walks met the same tree and a
 * line is blank in one style exactly when in the other (`InlineStyle`), so their sections pair up one to one.
 */
function withMarkdown(sections: PageSection[], markdownSections: readonly PageSection[]): PageSection[] {
  return sections.map((section, index) => {
    const markdown = markdownSections[index] as PageSection;
    const heading = markdown.headingPath.at(-1);
    if (markdown.text === section.text && heading === section.headingPath.at(-1)) return section;
    return {
      ...section,
      ...(markdown.text === section.text ? {} : { markdown: markdown.text }),
      ...(heading === section.headingPath.at(-1) || heading === undefined ? {} : { markdownHeading: heading }),
    };
  });
}

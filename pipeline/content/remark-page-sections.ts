import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import './page-data.ts';
import { pageKind } from './parse-page-tree.ts';
import { MAX_PAGE_NESTING, SectionWalk } from './section-walk.ts';
import { MAX_SECTIONS_PER_PAGE, SectionWriter } from './section-writer.ts';

/** Page modes whose headings the platform renders without ids (`AVOIDED_PAGE_MODES` of `@mintlify/common`). */
const IDLESS_PAGE_MODES = new Set(['custom', 'frame']);

/**
 * Unified plugin (after `remarkInlineSnippets`): walks the page tree in document order and writes
 * `file.data.pageSections`, the headings and the text split into sections at each Markdown heading or JSX heading
 * element (`<h2 id="…">`; anchored by its custom id from `file.data.customHeadingIds` or its `id`, else the platform's id of its text, `AnchorSlugger`). Inlined snippets (`data.snippet`) are walked
 * where they stand, with their own custom ids, so their text lands in the section they are used in. Component text
 * (titles, captions, fields, tooltips) is component-text.ts. A tree nested too deep to walk gets an error in
 * `file.data.pageDiagnostics` and no sections.
 */
export function remarkPageSections() {
  return (tree: Root, file: VFile): void => {
    const writer = new SectionWriter();
    try {
      const mode = file.data.pageFrontmatter?.frontmatter.mode;
      new SectionWalk(writer, typeof mode === 'string' && IDLESS_PAGE_MODES.has(mode)).blocks(
        tree.children,
        file.data.customHeadingIds ?? new Map(),
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
    }
    writer.close();
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
    file.data.pageSections = { headings: writer.headings, sections: writer.sections };
  };
}

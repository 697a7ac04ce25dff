import { AnchorSlugger, type HeadingKind } from './anchor-slugger.ts';
import type { PageHeading, PageSection } from './parsed-page.ts';

/** What a heading's anchor is made from. */
export interface HeadingAnchorInput extends HeadingKind {
  /** The title the platform slugs (`headingTitle`). */
  title: string;
  /** Inside an Accordion, AccordionGroup, Expandable, Update or Prompt: left out of the table of contents. Default false. */
  unlisted?: boolean;
  /** Rendered without an id (a Markdown heading of a `mode: custom` or `frame` page): reached through the heading above. Default false. */
  unanchored?: boolean;
}

/** What a list item's further prose lines start with (`textLines` in `code-fences.ts` reads them back). */
const ITEM_INDENT = '  ';
/** The deepest heading level the platform gives an id (`HEADING_LEVELS` of `@mintlify/common`). */
const MAX_ANCHORED_DEPTH = 4;

/** Most sections (headings) a page is split into; further headings are text of the last section (docs/reference/limits.mdx). */
export const MAX_SECTIONS_PER_PAGE = 10_000;

/**
 * Writes a page's text into sections as the walk meets it: lines go to the current section, a heading closes it
 * and opens the next (anchored as the platform renders it, `AnchorSlugger`). One writer per page, snippets included.
 * Past `MAX_SECTIONS_PER_PAGE` headings, a heading is a line of the current section (`cappedAt` is the first one's line).
 */
export class SectionWriter {
  readonly sections: PageSection[] = [];
  readonly headings: PageHeading[] = [];
  private readonly slugger = new AnchorSlugger();
  private readonly headingStack: { depth: number; text: string; anchor: string }[] = [];
  private current: { anchor: string; headingPath: string[]; lines: string[] } = {
    anchor: '',
    headingPath: [],
    lines: [],
  };
  /** Line of the first heading past `MAX_SECTIONS_PER_PAGE`, written as text (undefined while under it). */
  cappedAt: number | undefined;
  /** Lines taken by `capture` while it runs (undefined otherwise). */
  private captured: string[] | undefined;
  /** How many list items (or steps) the walk is in, and the marker the item's first line still awaits. */
  private itemDepth = 0;
  private pendingMarker: string | undefined;

  /**
   * Writes one item of a list or one step: its first prose line after `marker` ("1. ", "- "), its further prose lines
   * indented by two spaces, so that the text keeps where an item starts and ends (`textLines` reads them back). A
   * code block or a heading is written as it is; a table cell's lines (`capture`) get no marker. An item of a list
   * inside an item is one of the outer item's further lines, its marker after the indent.
   */
  item(marker: string, write: () => void): void {
    this.itemDepth += 1;
    this.pendingMarker = this.itemDepth > 1 ? `${ITEM_INDENT}${marker}` : marker;
    try {
      write();
    } finally {
      this.itemDepth -= 1;
      this.pendingMarker = undefined;
    }
  }

  /** Runs `write` and returns the lines (headings included, as text) it wrote, which the section does not get: a table cell's lines, joined by the caller. */
  capture(write: () => void): string[] {
    const outer = this.captured;
    const lines: string[] = [];
    this.captured = lines;
    try {
      write();
    } finally {
      this.captured = outer;
    }
    return lines;
  }

  /**
   * Sets what follows apart from what precedes by a blank line (a GFM table, which would otherwise take the line before
   * it into a list item and the line after it as a row); nothing at the start of a section or in a captured cell.
   */
  separate(): void {
    const lines = this.current.lines;
    if (!this.captured && lines.length > 0 && lines.at(-1) !== '') lines.push('');
  }

  /** Adds a line of text to the current section (blank lines are dropped), marked or indented inside a list item (`item`). */
  emit(line: string): void {
    const trimmed = line.trim();
    if (trimmed === '') return;
    if (this.captured) {
      this.captured.push(trimmed);
      return;
    }
    if (this.itemDepth > 0 && !trimmed.includes('\n') && !trimmed.startsWith('```')) {
      this.current.lines.push(`${this.pendingMarker ?? ITEM_INDENT}${trimmed}`);
    } else this.current.lines.push(trimmed);
    this.pendingMarker = undefined;
  }

  /** Closes the current section and opens one under this heading, `text` as the reader reads it, anchored by `anchor`. */
  heading(depth: number, text: string, line: number, anchor: HeadingAnchorInput): void {
    this.pendingMarker = undefined;
    if (this.captured) {
      this.emit(text);
      return;
    }
    if (this.headings.length === MAX_SECTIONS_PER_PAGE) {
      this.cappedAt ??= line;
      this.emit(text);
      return;
    }
    this.close();
    while ((this.headingStack.at(-1)?.depth ?? 0) >= depth) this.headingStack.pop();
    // A heading the platform renders without an id (levels 5 and 6) is reached through the heading it stands under.
    const rendered =
      depth > MAX_ANCHORED_DEPTH || anchor.unanchored
        ? undefined
        : anchor.unlisted
          ? this.slugger.unlistedSlug(anchor.title, anchor)
          : this.slugger.slug(anchor.title, anchor);
    const id = rendered ?? this.headingStack.at(-1)?.anchor ?? '';
    this.headings.push({ depth, text, anchor: id, line });
    this.headingStack.push({ depth, text, anchor: id });
    this.current = { anchor: id, headingPath: this.headingStack.map((heading) => heading.text), lines: [] };
  }

  /** Drops every section written so far (the page cannot be read to the end). */
  discard(): void {
    this.sections.length = 0;
    this.current = { anchor: '', headingPath: [], lines: [] };
  }

  /** Closes the current section; it is kept when it has text or a heading. */
  close(): void {
    const lines = this.current.lines;
    while (lines.at(-1) === '') lines.pop();
    if (lines.length > 0 || this.current.anchor !== '') {
      this.sections.push({
        anchor: this.current.anchor,
        headingPath: this.current.headingPath,
        text: lines.join('\n'),
      });
    }
  }
}

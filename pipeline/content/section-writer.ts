import { AnchorSlugger } from './anchor-slugger.ts';
import type { PageHeading, PageSection } from './parsed-page.ts';

/** Most sections (headings) a page is split into; further headings are text of the last section (docs/reference/limits.mdx). */
export const MAX_SECTIONS_PER_PAGE = 10_000;

/**
 * Writes a page's text into sections as the walk meets it: lines go to the current section, a heading closes it
 * and opens the next (anchored by its custom id, else the platform's anchor of its text, `AnchorSlugger`). One writer per page, snippets included.
 * Past `MAX_SECTIONS_PER_PAGE` headings, a heading is a line of the current section (`cappedAt` is the first one's line).
 */
export class SectionWriter {
  readonly sections: PageSection[] = [];
  readonly headings: PageHeading[] = [];
  private readonly slugger = new AnchorSlugger();
  private readonly headingStack: { depth: number; text: string }[] = [];
  private current: { anchor: string; headingPath: string[]; lines: string[] } = {
    anchor: '',
    headingPath: [],
    lines: [],
  };
  /** Line of the first heading past `MAX_SECTIONS_PER_PAGE`, written as text (undefined while under it). */
  cappedAt: number | undefined;
  /** Lines taken by `capture` while it runs (undefined otherwise). */
  private captured: string[] | undefined;

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

  /** Adds a line of text to the current section (blank lines are dropped). */
  emit(line: string): void {
    const trimmed = line.trim();
    if (trimmed !== '') (this.captured ?? this.current.lines).push(trimmed);
  }

  /** Closes the current section and opens one under this heading. */
  heading(depth: number, text: string, line: number, customId: string | undefined): void {
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
    const anchor = customId ?? this.slugger.slug(text);
    this.headings.push({ depth, text, anchor, line });
    while ((this.headingStack.at(-1)?.depth ?? 0) >= depth) this.headingStack.pop();
    this.headingStack.push({ depth, text });
    this.current = { anchor, headingPath: this.headingStack.map((heading) => heading.text), lines: [] };
  }

  /** Drops every section written so far (the page cannot be read to the end). */
  discard(): void {
    this.sections.length = 0;
    this.current = { anchor: '', headingPath: [], lines: [] };
  }

  /** Closes the current section; it is kept when it has text or a heading. */
  close(): void {
    if (this.current.lines.length > 0 || this.current.anchor !== '') {
      this.sections.push({
        anchor: this.current.anchor,
        headingPath: this.current.headingPath,
        text: this.current.lines.join('\n'),
      });
    }
  }
}

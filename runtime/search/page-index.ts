import { type Bm25fIndex, Bm25fIndexBuilder, type Bm25fParameters } from './bm25f-index.ts';
import type { SectionRecord } from './section-record.ts';

/** Whole pages as BM25F documents, beside the section index: a page about a topic as a whole is found even when no single section says it all. */
export interface PageIndex {
  index: Bm25fIndex;
  /** `sectionOfPage[p]`: the first section of page `p` (its record gives the page's path and context). */
  firstSectionOfPage: number[];
}

/**
 * Collects the fields of sections into whole pages (title, place and description once; headings and bodies
 * concatenated) and builds their index when `finish` is called. Sections of a page must be added in order, as
 * search artifacts list them.
 */
export class PageIndexBuilder {
  readonly #builder: Bm25fIndexBuilder;
  readonly #firstSectionOfPage: number[] = [];
  #current: { path: string; fields: string[][] } | undefined;

  constructor(parameters: Bm25fParameters) {
    this.#builder = new Bm25fIndexBuilder(parameters);
  }

  /** Adds section `index` with its field terms (title, headings, body, place, description). */
  add(index: number, section: SectionRecord, fields: string[][]): void {
    const [title = [], headings = [], body = [], place = [], description = []] = fields;
    if (this.#current?.path !== section.path) {
      this.#flush();
      this.#firstSectionOfPage.push(index);
      this.#current = { path: section.path, fields: [title, [...headings], [...body], place, description] };
      return;
    }
    const [, pageHeadings, pageBody, , pageDescription] = this.#current.fields as string[][];
    pageHeadings!.push(...headings);
    pageBody!.push(...body);
    if (description.length > 0 && pageDescription!.length === 0) this.#current.fields[4] = description;
  }

  /** Builds the page index. */
  finish(): PageIndex {
    this.#flush();
    return { index: this.#builder.finish(), firstSectionOfPage: this.#firstSectionOfPage };
  }

  #flush(): void {
    if (this.#current) this.#builder.add(this.#current.fields);
    this.#current = undefined;
  }
}

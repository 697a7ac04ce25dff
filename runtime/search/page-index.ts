import { type Bm25fIndex, Bm25fIndexBuilder, type Bm25fParameters } from './bm25f-index.ts';
import { searchTerms } from '../../contract/search/identifier-terms.ts';
import { isEnglish } from '../../contract/search/prepare-text.ts';
import { splitExclusions } from './query-exclusions.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';

/** Whole pages as BM25F documents, beside the section index: a page about a topic as a whole is found even when no single section says it all. */
export interface PageIndex {
  index: Bm25fIndex;
  /** The same pages without their bodies (title, headings, place, description): what a page is about, not what it mentions. */
  outline: Bm25fIndex;
  /** `firstSectionOfPage[p]`: the first section of page `p` (its record gives the page's path and context). */
  firstSectionOfPage: number[];
  /** The prepared terms of each page's own title, and the page number of each path. */
  titleTermsOfPage: string[][];
  /** The prepared terms of the label a shared title is read with (`titleQualifiers`; empty for other pages). */
  qualifierTermsOfPage: string[][];
  /** What each page says it is about: the terms of its title, frontmatter description and keywords (`subjectOf`). */
  subjectTermsOfPage: Set<string>[];
  pageOfPath: Map<string, number>;
  /** `linksOfPage[p]`: how many links page `p` holds (its first record's `links`), and `bodyTermsOfPage[p]`: how many terms its body holds. */
  linksOfPage: number[];
  bodyTermsOfPage: number[];
}

/** Fewest links of a hub page. */
export const HUB_MINIMUM_LINKS = 5;
/** A hub page has fewer body terms than this per link: a card or list item of links says ~10 words, a page about a topic hundreds per link. */
export const HUB_TERMS_PER_LINK = 15;

/** Whether page `page` is a hub: mostly links to other pages (an overview of cards, a list of guides), little text of its own. */
export function isHubPage(pages: PageIndex, page: number): boolean {
  const links = pages.linksOfPage[page] ?? 0;
  return links >= HUB_MINIMUM_LINKS && (pages.bodyTermsOfPage[page] ?? 0) < links * HUB_TERMS_PER_LINK;
}

/**
 * What a page says it is about: its title's terms (`title`, read with its qualifier) and those of its frontmatter
 * description and keywords; in English, without what they say it is not ("Run models without a GPU", "Pause billing
 * without cancelling the subscription" are not about GPUs or cancelling).
 */
function subjectOf(section: SectionRecord, title: string[]): Set<string> {
  const language = section.context.language;
  const declared = [section.description ?? '', ...(section.keywords ?? [])].join('\n');
  if (!isEnglish(language)) return new Set([...title, ...(declared ? searchTerms(declared, language) : [])]);
  const own = splitExclusions(`${section.title}\n${declared}`);
  const denied = new Set(searchTerms(own.excluded, language));
  const said = searchTerms(own.included, language);
  for (const term of said) denied.delete(term);
  return new Set([...title.filter((term) => !denied.has(term)), ...said]);
}

/**
 * Collects the fields of sections into whole pages (title, place and description once; headings and bodies
 * concatenated) and builds their index and their outline index (the parameters' field weights decide which fields
 * each one reads) when `finish` is called. Sections of a page must be added in order, as search artifacts list them.
 */
export class PageIndexBuilder {
  readonly #builder: Bm25fIndexBuilder;
  readonly #outlineBuilder: Bm25fIndexBuilder;
  readonly #firstSectionOfPage: number[] = [];
  readonly #titleTermsOfPage: string[][] = [];
  readonly #qualifierTermsOfPage: string[][] = [];
  readonly #subjectTermsOfPage: Set<string>[] = [];
  readonly #pageOfPath = new Map<string, number>();
  readonly #linksOfPage: number[] = [];
  readonly #bodyTermsOfPage: number[] = [];
  #current: { path: string; fields: string[][] } | undefined;

  constructor(parameters: Bm25fParameters, outlineParameters: Bm25fParameters) {
    this.#builder = new Bm25fIndexBuilder(parameters);
    this.#outlineBuilder = new Bm25fIndexBuilder(outlineParameters);
  }

  /**
   * Adds section `index` with its field terms (title, headings, body, place, description); the title field holds
   * the terms of the page's `qualifier` (`titleQualifiers`) before those of its own title.
   */
  add(index: number, section: SectionRecord, fields: string[][], qualifier: string[] = []): void {
    const [title = [], headings = [], body = [], place = [], description = []] = fields;
    if (this.#current?.path !== section.path) {
      this.#flush();
      this.#pageOfPath.set(section.path, this.#firstSectionOfPage.length);
      this.#firstSectionOfPage.push(index);
      this.#titleTermsOfPage.push(title.slice(qualifier.length));
      this.#qualifierTermsOfPage.push(qualifier);
      this.#subjectTermsOfPage.push(subjectOf(section, title));
      this.#linksOfPage.push(section.links ?? 0);
      this.#bodyTermsOfPage.push(body.length);
      this.#current = { path: section.path, fields: [title, [...headings], [...body], place, description] };
      return;
    }
    const [, pageHeadings, pageBody, , pageDescription] = this.#current.fields as string[][];
    pageHeadings!.push(...headings);
    pageBody!.push(...body);
    const page = this.#bodyTermsOfPage.length - 1;
    this.#bodyTermsOfPage[page] = (this.#bodyTermsOfPage[page] ?? 0) + body.length;
    if (description.length > 0 && pageDescription!.length === 0) this.#current.fields[4] = description;
  }

  /** Builds the page index, yielding between slices of pages (see `Bm25fIndexBuilder.finishInSlices`). */
  *finishInSlices(): Generator<void, PageIndex> {
    this.#flush();
    const index = yield* this.#builder.finishInSlices();
    const outline = yield* this.#outlineBuilder.finishInSlices();
    return {
      index,
      outline,
      firstSectionOfPage: this.#firstSectionOfPage,
      titleTermsOfPage: this.#titleTermsOfPage,
      qualifierTermsOfPage: this.#qualifierTermsOfPage,
      subjectTermsOfPage: this.#subjectTermsOfPage,
      pageOfPath: this.#pageOfPath,
      linksOfPage: this.#linksOfPage,
      bodyTermsOfPage: this.#bodyTermsOfPage,
    };
  }

  #flush(): void {
    if (this.#current) {
      this.#builder.add(this.#current.fields);
      this.#outlineBuilder.add(this.#current.fields);
    }
    this.#current = undefined;
  }
}

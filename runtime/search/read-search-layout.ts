import {
  SearchArtifactError,
  type ContentSection,
  type PageReference,
  type SearchArtifact,
  type SectionBody,
  type SectionTerms,
} from '../../contract/search/search-artifact.ts';
import type { PageContext, SectionRecord } from '../../contract/search/section-record.ts';

/** A page path showing some content, with its own navigation context. */
export interface PageLocation {
  path: string;
  context: PageContext;
  /** Search ranking multiplier of this path (frontmatter or navigation group `boost`); absent when none. */
  boost?: number;
  /** The tag of this path (frontmatter or navigation group `tag`), for the `tag` filter; absent when none. */
  tag?: string;
}

/** What the loader feeds to the engine: document `n` is `sections[n]` (at its preferred location), shown at `locations[n]`. */
export interface SearchLayout {
  defaults: { language?: string; version?: string };
  fieldWeights: Record<string, number>;
  bm25Params: Record<string, number>;
  sections: SectionRecord[];
  /** Every page showing document `n`'s content, the default version and language first; shared by the sections of one content. */
  locations: PageLocation[][];
  /** `terms[n]`: the prepared terms of `sections[n]` (one shared list for the sections of one body). */
  terms: SectionTerms[];
  /** `bodyOfSection[n]`: the body of `sections[n]`, which the artifact's vectors belong to. */
  bodyOfSection: Uint32Array;
  /** How many bodies (vectors) the artifact holds. */
  bodyCount: number;
}

/** Sections (and bodies, terms) checked and laid out between two yields of `readSearchLayout` (a few ms of work). */
const RECORDS_PER_SLICE = 5000;

/**
 * Checks a parsed search artifact of the current format (its version checked by the caller) and lays it out for the
 * engine, yielding between slices of records (a site of 100,000 sections took 25–50 ms in one turn). Throws a
 * SearchArtifactError with a plain message when it is corrupt.
 */
export function* readSearchLayout(
  candidate: Omit<Partial<SearchArtifact>, 'formatVersion'>,
): Generator<void, SearchLayout> {
  const { sections, bodies, terms, fieldWeights, bm25Params } = candidate;
  if (!Array.isArray(sections) || !Array.isArray(bodies) || !Array.isArray(terms) || terms.length !== bodies.length) {
    throw new SearchArtifactError('search artifact has no sections, or not one term list per body');
  }
  if (
    !isNonNegativeNumbers(fieldWeights, ['title', 'headings', 'body']) ||
    !isNonNegativeNumbers(bm25Params, ['k1', 'b', 'k'])
  ) {
    throw new SearchArtifactError('search artifact has no usable field weights or BM25 parameters');
  }
  for (const [index, fields] of (terms as unknown[]).entries()) {
    if (!Array.isArray(fields) || fields.length !== 3 || fields.some((field) => typeof field !== 'string')) {
      throw new SearchArtifactError(`search artifact holds malformed terms for section body ${index}`);
    }
    if ((index + 1) % RECORDS_PER_SLICE === 0) yield;
  }
  const defaults = candidate.defaults ?? {};
  for (const [index, body] of (bodies as Partial<SectionBody>[]).entries()) {
    if ((index + 1) % RECORDS_PER_SLICE === 0) yield;
    if (
      !body ||
      typeof body.title !== 'string' ||
      typeof body.text !== 'string' ||
      !Array.isArray(body.headingPath) ||
      !isOptionalString(body.description) ||
      !isOptionalStrings(body.keywords) ||
      !isOptionalCount(body.links)
    ) {
      throw new SearchArtifactError('search artifact holds a malformed section body');
    }
  }
  const locationsByContent = locateContents(candidate.contexts, candidate.pages, defaults);
  const bodyOfSection = new Uint32Array(sections.length);
  const records: SectionRecord[] = [];
  const locations: PageLocation[][] = [];
  const sectionTerms: SectionTerms[] = [];
  for (const [index, section] of (sections as Partial<ContentSection>[]).entries()) {
    const shown = locationsByContent.get(section?.content as number);
    const bodyIndex = section?.body;
    const body = Number.isInteger(bodyIndex)
      ? ((bodies as SectionBody[])[bodyIndex as number] as SectionBody | undefined)
      : undefined;
    if (!section || !shown || !body || typeof section.anchor !== 'string')
      throw new SearchArtifactError('search artifact holds a malformed section, or one no page shows');
    const primary = shown[0] as PageLocation;
    const description = body.description === undefined ? {} : { description: body.description };
    const keywords = body.keywords === undefined ? {} : { keywords: body.keywords };
    const links = body.links === undefined ? {} : { links: body.links };
    records.push({
      path: primary.path,
      anchor: section.anchor,
      headingPath: body.headingPath,
      title: body.title,
      text: body.text,
      ...description,
      ...keywords,
      ...links,
      context: primary.context,
    });
    locations.push(shown);
    sectionTerms.push(terms[bodyIndex as number] as SectionTerms);
    bodyOfSection[index] = bodyIndex as number;
    if ((index + 1) % RECORDS_PER_SLICE === 0) yield;
  }
  return {
    defaults,
    fieldWeights,
    bm25Params,
    terms: sectionTerms,
    sections: records,
    locations,
    bodyCount: bodies.length,
    bodyOfSection,
  };
}

/** The pages showing each content, the default version and language first. */
function locateContents(
  contexts: unknown,
  pages: unknown,
  defaults: SearchLayout['defaults'],
): Map<number, PageLocation[]> {
  if (
    !Array.isArray(contexts) ||
    contexts.some(
      (context) => !context || typeof context !== 'object' || !Array.isArray((context as PageContext).groups),
    )
  ) {
    throw new SearchArtifactError('search artifact has no contexts, or a malformed one');
  }
  const locationsByContent = new Map<number, PageLocation[]>();
  if (!Array.isArray(pages)) throw new SearchArtifactError('search artifact has no page records');
  for (const page of pages as Partial<PageReference>[]) {
    const context = contexts[page?.context as number] as PageContext | undefined;
    if (
      !page ||
      typeof page.path !== 'string' ||
      !Number.isInteger(page.content) ||
      !context ||
      !isOptionalBoost(page.boost) ||
      !(page.tag === undefined || typeof page.tag === 'string')
    )
      throw new SearchArtifactError('search artifact holds a malformed page record');
    const locations = locationsByContent.get(page.content as number) ?? [];
    const location: PageLocation = { path: page.path, context };
    if (page.boost !== undefined) location.boost = page.boost;
    if (page.tag !== undefined) location.tag = page.tag;
    locations.push(location);
    locationsByContent.set(page.content as number, locations);
  }
  const preferred = (location: PageLocation): number =>
    (defaults.version && location.context.version !== undefined && location.context.version !== defaults.version
      ? 2
      : 0) +
    (defaults.language && location.context.language !== undefined && location.context.language !== defaults.language
      ? 1
      : 0);
  for (const locations of locationsByContent.values()) locations.sort((a, b) => preferred(a) - preferred(b));
  return locationsByContent;
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

function isOptionalStrings(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}

function isOptionalCount(value: unknown): boolean {
  return value === undefined || (Number.isInteger(value) && (value as number) >= 0);
}

function isOptionalBoost(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value) && value > 0);
}

function isNonNegativeNumbers(value: unknown, keys: string[]): value is Record<string, number> {
  if (typeof value !== 'object' || value === null) return false;
  return keys.every((key) => {
    const number = (value as Record<string, unknown>)[key];
    return typeof number === 'number' && Number.isFinite(number) && number >= 0;
  });
}

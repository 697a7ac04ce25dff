import { withoutCodeFences } from './code-fences.ts';
import { groupContents } from './group-contents.ts';
import { searchTerms } from './identifier-terms.ts';
import { SEARCH_ARTIFACT_FORMAT_VERSION, SEARCH_ENGINE, type SearchArtifact } from './search-artifact.ts';
import type { SectionRecord } from './section-record.ts';

/** BM25F field weights: the page title and the heading path weigh more than the body. */
export const FIELD_WEIGHTS = { title: 6, headings: 3, body: 1 } as const;
/** BM25 parameters: k1 saturates term frequency, b normalises by section length, k offsets the IDF. */
export const BM25_PARAMS = { k1: 1.2, b: 0.75, k: 1 } as const;

/** Prepares one text of a section for the index: its terms joined by single spaces. */
export type PrepareTerms = (text: string, language: string | undefined) => string;

/** Version of what `prepareTerms` returns; caches of prepared terms keyed by it start empty when it changes (2: identifiers whole too; 3: no contraction tails). */
export const PREPARED_TERMS_FORMAT = 3;

/** The default `PrepareTerms`: `searchTerms` (`prepareText`'s words, identifiers whole too), joined. */
export const prepareTerms: PrepareTerms = (text, language) => searchTerms(text, language).join(' ');

/**
 * Builds the search artifact from section records: pages of identical content, and section bodies repeated by
 * several contents, are stored once (`groupContents`), each body's title, heading path and text prepared for its language (the costly, language-aware part
 * of indexing), plus one small record per page path for its context. The runtime feeds these terms to the BM25F
 * engine when it loads the artifact.
 * `prepare` can be a memo (the CLI's cache) as long as it returns what `prepareTerms` would.
 * Deterministic: the same records give the same JSON.
 */
export function buildSearchModel(
  records: SectionRecord[],
  defaults: { language?: string; version?: string } = {},
  prepare: PrepareTerms = prepareTerms,
): SearchArtifact {
  const { bodies, sections, contexts, pages } = groupContents(records);
  // A page's title is the title of each of its bodies, and heading paths repeat across pages: each is prepared once.
  const preparedLabels = new Map<string, string>();
  const prepareLabel = (text: string, language: string | undefined): string => {
    const key = `${language ?? ''}\u0000${text}`;
    let prepared = preparedLabels.get(key);
    if (prepared === undefined) preparedLabels.set(key, (prepared = prepare(text, language)));
    return prepared;
  };
  return {
    formatVersion: SEARCH_ARTIFACT_FORMAT_VERSION,
    engine: SEARCH_ENGINE,
    defaults: {
      ...(defaults.language ? { language: defaults.language } : {}),
      ...(defaults.version ? { version: defaults.version } : {}),
    },
    fieldWeights: { ...FIELD_WEIGHTS },
    bm25Params: { ...BM25_PARAMS },
    bodies,
    terms: bodies.map((body) => {
      const language = body.language;
      return [
        prepareLabel(body.title, language),
        prepareLabel(body.headingPath.join(' '), language),
        prepare(withoutCodeFences(body.text), language),
      ];
    }),
    sections,
    contexts,
    pages,
  };
}

import type { Bm25fParameters } from './bm25f-index.ts';
import type { SearchArtifact } from '../../contract/search/search-artifact.ts';

/**
 * Weights and length normalisation of the fields the runtime derives from section records: `place` (the
 * page's tab, groups and route words, see `pagePlaceText`) and `description` (the page's frontmatter
 * description, plus its opening words on its first section, see `pageLeadText`). Short fields normalise little by length.
 */
export const DERIVED_FIELDS = { place: { weight: 2, b: 0.3 }, description: { weight: 3, b: 0.3 } } as const;
/** Length normalisation of the title and heading path: short fields, so it is weak. */
export const SHORT_FIELD_B = 0.3;

/** The BM25F parameters of an artifact: its field weights and `k1`/`b` (body), plus the derived fields'. */
export function rankingParameters(artifact: Pick<SearchArtifact, 'fieldWeights' | 'bm25Params'>): Bm25fParameters {
  const { fieldWeights, bm25Params } = artifact;
  return {
    k1: bm25Params.k1,
    fields: {
      title: { weight: fieldWeights.title, b: SHORT_FIELD_B },
      headings: { weight: fieldWeights.headings, b: SHORT_FIELD_B },
      body: { weight: fieldWeights.body, b: bm25Params.b },
      place: { ...DERIVED_FIELDS.place },
      description: { ...DERIVED_FIELDS.description },
    },
  };
}

/** Length normalisation of a whole page's body: long pages (changelogs, overviews) must not win by volume. */
export const PAGE_BODY_B = 0.9;

/** The parameters of the page index: the section parameters with a stronger length normalisation of the body. */
export function pageRankingParameters(parameters: Bm25fParameters): Bm25fParameters {
  return { ...parameters, fields: { ...parameters.fields, body: { ...parameters.fields.body, b: PAGE_BODY_B } } };
}

/** Length normalisation of a page outline's heading path (every heading of the page): long outlines must not win by volume either. */
export const OUTLINE_HEADINGS_B = 0.9;

/** The parameters of the page outline index: the section parameters without the body, headings normalised like a page body. */
export function outlineRankingParameters(parameters: Bm25fParameters): Bm25fParameters {
  const { fields } = parameters;
  return {
    ...parameters,
    fields: { ...fields, headings: { ...fields.headings, b: OUTLINE_HEADINGS_B }, body: { ...fields.body, weight: 0 } },
  };
}

import type { PageContext } from './section-record.ts';

/** Current search artifact format, the only one the runtime reads; bump when a change would confuse an older runtime (5: `engine` names docsmith's own index). */
export const SEARCH_ARTIFACT_FORMAT_VERSION = 5;

/** The engine the runtime ranks with: docsmith's own BM25F index, built from the prepared terms when a build loads (`runtime/search/bm25f-index.ts`). */
export const SEARCH_ENGINE = 'docsmith-bm25f';

/** The prepared terms of one section: title, heading path and body, each as terms joined by single spaces. */
export type SectionTerms = [title: string, headings: string, body: string];

/**
 * What a section says — its heading path, page title, text, the page's description and keywords, its language —
 * stored once however many contents repeat it (the same paragraph in 35 versions of a page, each version edited
 * elsewhere).
 */
export interface SectionBody {
  headingPath: string[];
  title: string;
  text: string;
  /** The page's frontmatter description, on the section before the first heading only (a strong search field). */
  description?: string;
  /** The page's frontmatter `keywords`, on the section before the first heading only. */
  keywords?: string[];
  /** How many links to other pages the page holds, on its first section only (omitted when none): a page that is mostly links is a hub. */
  links?: number;
  /** The language its terms were prepared for (omitted for untagged, English, text). */
  language?: string;
}

/** One section of a distinct page content: where it is (its content and anchor) and what it says (`bodies[body]`). */
export interface ContentSection {
  /** The distinct content this section belongs to (index shared by `pages[].content`). */
  content: number;
  anchor: string;
  /** Index into `bodies`. */
  body: number;
}

/** A page path of the site: which distinct content it shows, and where it sits (index into `contexts`). */
export interface PageReference {
  path: string;
  content: number;
  context: number;
  /** Search ranking multiplier of this path (frontmatter or navigation group `boost`); omitted when none. */
  boost?: number;
  /** The tag of this path (frontmatter or navigation group `tag`), matched by the `tag` search filter; omitted when none. */
  tag?: string;
}

/** The prebuilt retrieval artifact (`search.json`, schemas/search-artifact.schema.json), content-addressed. */
export interface SearchArtifact {
  formatVersion: typeof SEARCH_ARTIFACT_FORMAT_VERSION;
  /** The BM25F engine the runtime loads the terms into. */
  engine: typeof SEARCH_ENGINE;
  /** What a reader lands on: results come from these unless a query's filter names others or they have no match. */
  defaults: { language?: string; version?: string };
  /** Field weights of the BM25F model. */
  fieldWeights: { title: number; headings: number; body: number };
  /** BM25 parameters (k1, b, and k, the IDF offset). */
  bm25Params: { k1: number; b: number; k: number };
  /** The distinct section bodies, in first-use order. */
  bodies: SectionBody[];
  /** `terms[n]`: the prepared terms of `bodies[n]`. */
  terms: SectionTerms[];
  /** Sections of the distinct page contents, each page's in order; a section names its content and its body. */
  sections: ContentSection[];
  /** The distinct navigation contexts the pages refer to. */
  contexts: PageContext[];
  /** Every indexed page path, in navigation order, with its content and context. */
  pages: PageReference[];
  /** How `vectors` were made; present only in builds with `--embeddings-url`. */
  embeddings?: SearchEmbeddings;
  /** `vectors[n]`: the embedding of `bodies[n]` (`encodeVector`), or the index of an earlier body with the same embedded text. */
  vectors?: SectionVector[];
}

/** The embeddings model behind a search artifact's section vectors: the runtime embeds questions with the same one. */
export interface SearchEmbeddings {
  /** Model name sent to the endpoint. */
  model: string;
  /** The OpenAI-compatible base URL the vectors came from (`…/v1`; no credentials, no query). */
  url: string;
  /** Length of every vector. */
  dimensions: number;
  /** `int8-base64`: each vector scaled so its largest component is ±127, as signed bytes in base64 (cosine ignores the scale). */
  encoding: 'int8-base64';
}

/** A body's vector in `vectors`: the encoded vector, or the index of an earlier body sharing it. */
export type SectionVector = string | number;

/** A search artifact that cannot be used: wrong format version, bad shape or an unusable model. */
export class SearchArtifactError extends Error {
  override name = 'SearchArtifactError';
}

import type { SearchEmbeddings } from '../../contract/search/search-artifact.ts';
import { detectQueryLanguage } from './detect-query-language.ts';
import { detectQueryVersions } from './detect-query-versions.ts';
import type { SearchIndex } from './load-search-index.ts';
import { otherLocationsOf, placeSection, type PlacedSection, type SearchScope } from './place-section.ts';
import { search, type SearchOptions, type SearchResult } from './search.ts';
import { sectionSimilarities } from './section-similarities.ts';

/** Embeds a question with the model and endpoint a site's sections were embedded with; rejects when it cannot. */
export type QueryEmbedder = (text: string, embeddings: SearchEmbeddings) => Promise<ArrayLike<number>>;

/** Options of `hybridSearch`: those of `search`, plus the question embedder. */
export interface HybridSearchOptions extends SearchOptions {
  /** Embeds the question (default: none, and the search is `search`'s). */
  embedQuery?: QueryEmbedder;
  /** Told why a question was not embedded (endpoint down, timeout, wrong dimensions); the results are then lexical (default: ignored). */
  onEmbeddingError?: (error: unknown) => void;
}

/** Pages taken from each ranking into the fusion. */
const FUSION_DEPTH = 30;
/** Reciprocal rank fusion's constant: a page ranked r contributes weight / (RRF_K + r). */
const RRF_K = 60;
const LEXICAL_WEIGHT = 1;
const VECTOR_WEIGHT = 1;
/** Vector ranks that may bring in a page the lexical ranking did not find; deeper ones only re-rank lexical results. */
const VECTOR_ONLY_DEPTH = 5;
/** Sections placed to find the vector ranking's best pages (several sections of a page count once). */
const VECTOR_SECTIONS = FUSION_DEPTH * 8;
/** Characters of the question (and previous turn) sent to the endpoint. */
const MAX_EMBEDDED_QUERY = 2000;
const SNIPPET_LENGTH = 300;

/**
 * `search`, fused with a vector ranking when the site has section vectors and an embedder is given: the question
 * (after the previous turn, when there is one) is embedded, every section compared by cosine, its pages in the same
 * scope as `search`'s (filter, default or named version, detected language) ranked by their best section, and the
 * two rankings fused by reciprocal rank (each page 1 / (60 + rank) per list). Results keep `search`'s shape; the
 * vectors' top 5 may bring in pages the lexical ranking missed (represented by their closest section), deeper
 * vector ranks only re-rank lexical results. The vectors never turn an empty lexical result into a
 * non-empty one (a question with no indexed word stays "not found"). When the question cannot be embedded, the
 * results are the lexical ones and `onEmbeddingError` is told; the search itself never fails for it.
 */
export async function hybridSearch(index: SearchIndex, query: string, options: HybridSearchOptions = {}): Promise<SearchResult[]> {
  const { embedQuery, onEmbeddingError, ...searchOptions } = options;
  const vectors = index.vectors;
  if (!vectors || !embedQuery || typeof query !== 'string') return search(index, query, searchOptions);
  const pageSize = Math.min(50, Math.max(1, Math.floor(searchOptions.pageSize ?? 5) || 5));
  const lexical = search(index, query, { ...searchOptions, pageSize: Math.max(pageSize, FUSION_DEPTH) });
  if (lexical.length === 0) return [];
  let queryVector: ArrayLike<number>;
  try {
    const text = `${searchOptions.previousQuery ? `${searchOptions.previousQuery}\n` : ''}${query}`.slice(-MAX_EMBEDDED_QUERY);
    queryVector = await embedQuery(text, vectors.embeddings);
    if (queryVector.length !== vectors.embeddings.dimensions) throw new Error(`the endpoint returned a ${queryVector.length}-dimensional vector, the site's have ${vectors.embeddings.dimensions}`);
  } catch (error) {
    onEmbeddingError?.(error);
    return lexical.slice(0, pageSize);
  }
  const similarities = await sectionSimilarities(vectors, queryVector);
  const closest = closestPages(index, similarities, scopeOf(index, query, searchOptions));
  return fuseRankings(lexical, closest, pageSize);
}

/** `search`'s preferred scope: the filter, else the versions the query names (or the default) and its detected language. */
function scopeOf(index: SearchIndex, query: string, options: SearchOptions): SearchScope {
  const filter = options.filter;
  const language = filter?.language === undefined ? detectQueryLanguage(query.slice(0, 1000), index.vocabularies, index.defaults.language) : undefined;
  const versions = filter?.version === undefined ? detectQueryVersions(query.slice(0, 1000), index.versions) : [];
  return { ...(filter ? { filter } : {}), defaultsOnly: true, ...(language ? { language } : {}), ...(versions.length > 0 ? { versions } : {}) };
}

/** The pages of the scope closest to the question, best first, each at its closest section (at most `FUSION_DEPTH`). */
function closestPages(index: SearchIndex, similarities: Float32Array, scope: SearchScope): PlacedSection[] {
  const pages = new Map<string, PlacedSection>();
  for (const section of topSections(similarities, VECTOR_SECTIONS)) {
    const placed = placeSection(index, section, scope);
    if (placed && !pages.has(placed.path)) pages.set(placed.path, placed);
    if (pages.size === FUSION_DEPTH) break;
  }
  return [...pages.values()];
}

/** The `count` most similar sections, most similar first (one pass keeping a sorted shortlist). */
function topSections(similarities: Float32Array, count: number): number[] {
  const top: number[] = [];
  for (let section = 0; section < similarities.length; section += 1) {
    const similarity = similarities[section] as number;
    if (top.length === count && similarity <= (similarities[top[count - 1] as number] as number)) continue;
    let position = top.length === count ? count - 1 : top.length;
    while (position > 0 && (similarities[top[position - 1] as number] as number) < similarity) position -= 1;
    top.splice(position, 0, section);
    if (top.length > count) top.pop();
  }
  return top;
}

/**
 * Reciprocal rank fusion of the lexical results and the closest pages: each page scores the sum of weight / (60 +
 * rank) over the lists it is in, normalised to the best page. A page keeps its lexical result (snippet around the
 * question's words); one only the vectors found (in their top `VECTOR_ONLY_DEPTH`) is represented by its closest section.
 */
function fuseRankings(lexical: SearchResult[], closest: PlacedSection[], pageSize: number): SearchResult[] {
  const fused = new Map<string, { result: SearchResult; score: number }>();
  lexical.forEach((result, rank) => fused.set(result.path, { result, score: LEXICAL_WEIGHT / (RRF_K + rank + 1) }));
  closest.forEach((section, rank) => {
    const share = VECTOR_WEIGHT / (RRF_K + rank + 1);
    const page = fused.get(section.path);
    if (page) page.score += share;
    else if (rank < VECTOR_ONLY_DEPTH) fused.set(section.path, { result: resultOfSection(section), score: share });
  });
  const ranked = [...fused.values()].sort((a, b) => b.score - a.score).slice(0, pageSize);
  const best = ranked[0]?.score ?? 1;
  return ranked.map(({ result, score }) => ({ ...result, score: Math.round((score / best) * 1000) / 1000 }));
}

/** A search result for a page only the vectors found: its closest section, its opening words as the snippet. */
function resultOfSection(section: PlacedSection): SearchResult {
  const otherLocations = otherLocationsOf(section);
  const snippet = section.text.length <= SNIPPET_LENGTH ? section.text : `${section.text.slice(0, SNIPPET_LENGTH).trim()}…`;
  return {
    path: section.path,
    anchor: section.anchor,
    title: section.title,
    headingPath: section.headingPath,
    snippet,
    text: section.text,
    score: 0,
    metadata: otherLocations.length > 0 ? { ...section.context, otherLocations } : section.context,
  };
}

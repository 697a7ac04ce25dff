import type { SearchEmbeddings } from '../../contract/search/search-artifact.ts';
import type { SearchIndex } from './load-search-index.ts';
import { locationInScope, otherLocationsOf, sectionAt, type PlacedSection, type SearchScope } from './place-section.ts';
import { scopedSearch, search, type SearchOptions, type SearchResult } from './search.ts';
import { sectionSimilarities } from './section-similarities.ts';
import { questionText } from './question-text.ts';
import { relativeScores } from './relative-scores.ts';
import { wordVectorSearch } from './word-vector-search.ts';

/** Embeds a question with the model and endpoint a site's sections were embedded with; rejects when it cannot. */
export type QueryEmbedder = (text: string, embeddings: SearchEmbeddings) => Promise<ArrayLike<number>>;

/** Options of `hybridSearch`: those of `search`, plus the question embedder. */
export interface HybridSearchOptions extends SearchOptions {
  /** Embeds the question (default: none, and the search is `search`'s). */
  embedQuery?: QueryEmbedder;
  /** Weight of the vector ranking against the lexical one, each normalised to [0, 1] (default `DEFAULT_VECTOR_WEIGHT`, 0.2). */
  vectorWeight?: number;
  /** Told why a question was not embedded (endpoint down, timeout, wrong dimensions); the results are then lexical (default: ignored). */
  onEmbeddingError?: (error: unknown) => void;
  /** Whether a site built without vectors is re-ordered by the built-in word vectors (default true; false: `search`'s results). */
  wordVectors?: boolean;
}

/**
 * The vector ranking's weight when none is given: measured on the retrieval bench's tuning half with offline word
 * vectors (docs/decisions/0008-score-fusion-for-hybrid-search.md); reciprocal rank fusion and weights from 0.5 up lost 3–15 points recall@1 there.
 */
export const DEFAULT_VECTOR_WEIGHT = 0.2;
/** What a route passes `hybridSearch` besides the query: the embedder and the weight the server was configured with. */
export type HybridRetrieval = Pick<HybridSearchOptions, 'embedQuery' | 'vectorWeight' | 'wordVectors'>;

/** Pages taken from each ranking into the fusion. */
const FUSION_DEPTH = 30;
/** Vector ranks that may bring in a page the lexical ranking did not find; deeper ones only re-rank lexical results. */
const VECTOR_ONLY_DEPTH = 5;
/** Sections placed to find the vector ranking's best pages (several sections of a page count once). */
const VECTOR_SECTIONS = FUSION_DEPTH * 8;
const SNIPPET_LENGTH = 300;

/**
 * `search`, fused with a vector ranking. A site built without `--embeddings-url` has the built-in word vectors, which
 * re-order the lexical results in process (`wordVectorSearch`). For a site built with it, when an embedder is given,
 * the question (after the previous turn, when there is one) is embedded, every section compared by cosine, its pages in the same
 * scope as `search`'s (filter, default or named version, detected language) ranked by their best section, and the
 * two rankings fused by score (`fuseRankings`: lexical share + `vectorWeight` × vector share). Results keep
 * `search`'s shape; the vectors' top 5 may bring in pages the lexical ranking missed (represented by their closest
 * section), deeper vector ranks only re-rank lexical results. The vectors never turn an empty lexical result into a
 * non-empty one (a question with no indexed word stays "not found"). When the question cannot be embedded, the
 * results are the lexical ones and `onEmbeddingError` is told; the search itself never fails for it.
 */
export async function hybridSearch(
  index: SearchIndex,
  query: string,
  options: HybridSearchOptions = {},
): Promise<SearchResult[]> {
  const { embedQuery, onEmbeddingError, wordVectors = true, ...searchOptions } = options;
  const vectors = index.vectors;
  if (typeof query !== 'string') return search(index, query, searchOptions);
  if (!vectors && wordVectors) return wordVectorSearch(index, query, searchOptions);
  if (!vectors || !embedQuery) return search(index, query, searchOptions);
  const pageSize = Math.min(50, Math.max(1, Math.floor(searchOptions.pageSize ?? 5) || 5));
  const { results: lexical, scope } = scopedSearch(index, query, {
    ...searchOptions,
    pageSize: Math.max(pageSize, FUSION_DEPTH),
  });
  if (lexical.length === 0 || !scope) return [];
  let queryVector: ArrayLike<number>;
  try {
    queryVector = await embedQuery(questionText(query, searchOptions.previousQuery), vectors.embeddings);
    if (queryVector.length !== vectors.embeddings.dimensions)
      throw new Error(
        `the endpoint returned a ${queryVector.length}-dimensional vector, the site's have ${vectors.embeddings.dimensions}`,
      );
  } catch (error) {
    onEmbeddingError?.(error);
    return lexical.slice(0, pageSize);
  }
  const similarities = await sectionSimilarities(vectors, queryVector);
  const closest = closestPages(index, similarities, scope);
  return fuseRankings(lexical, closest, options.vectorWeight ?? DEFAULT_VECTOR_WEIGHT, pageSize);
}

/** A page of the vector ranking: its closest section and that section's cosine similarity to the question. */
interface ClosePage {
  section: PlacedSection;
  similarity: number;
}

/** The pages of the scope closest to the question, best first, each at its closest section (at most `FUSION_DEPTH`). */
function closestPages(index: SearchIndex, similarities: Float32Array, scope: SearchScope): ClosePage[] {
  const pages = new Map<string, ClosePage>();
  for (const section of topSections(similarities, VECTOR_SECTIONS)) {
    const location = locationInScope(index, section, scope);
    if (location && !pages.has(location.path))
      pages.set(location.path, {
        section: sectionAt(index, section, location),
        similarity: similarities[section] as number,
      });
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
 * Fuses the lexical results and the closest pages by score: a page's lexical score divided by the best one, plus
 * `weight` × its similarity scaled to [0, 1] between the least and the most similar of the closest pages; normalised
 * to the best page. A page keeps its lexical result (snippet around the question's words); one only the vectors found
 * (in their top `VECTOR_ONLY_DEPTH`) is represented by its closest section.
 */
function fuseRankings(lexical: SearchResult[], closest: ClosePage[], weight: number, pageSize: number): SearchResult[] {
  const bestLexical = lexical[0]?.score || 1;
  const fused = new Map<string, { result: SearchResult; score: number }>(
    lexical.map((result) => [result.path, { result, score: result.score / bestLexical }]),
  );
  const most = closest[0]?.similarity ?? 0;
  const least = closest.at(-1)?.similarity ?? 0;
  closest.forEach(({ section, similarity }, rank) => {
    const share = most > least ? (weight * (similarity - least)) / (most - least) : 0;
    const page = fused.get(section.path);
    if (page) page.score += share;
    else if (rank < VECTOR_ONLY_DEPTH) fused.set(section.path, { result: resultOfSection(section), score: share });
  });
  return relativeScores([...fused.values()].sort((a, b) => b.score - a.score).slice(0, pageSize));
}

/** A search result for a page only the vectors found: its closest section, its opening words as the snippet. */
function resultOfSection(section: PlacedSection): SearchResult {
  const otherLocations = otherLocationsOf(section);
  const snippet =
    section.text.length <= SNIPPET_LENGTH ? section.text : `${section.text.slice(0, SNIPPET_LENGTH).trim()}…`;
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

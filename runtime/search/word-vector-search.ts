import { candidateSimilarities } from './candidate-similarities.ts';
import { wordVectorOf } from './docs-word-vectors.ts';
import type { SearchIndex } from './load-search-index.ts';
import { questionText } from './question-text.ts';
import { relativeScores } from './relative-scores.ts';
import { scopedSearch, type SearchOptions, type SearchResult } from './search.ts';

/**
 * Weight of a result's cosine similarity to the question beside its lexical score over the best one: a result whose
 * closest section is 0.1 closer to the question gains 5 % of the best score. Chosen on the retrieval bench's tuning
 * half among 0.3–2 (docs/decisions/0273-built-in-docs-word-vectors.md).
 */
const SIMILARITY_WEIGHT = 0.5;

/**
 * `search`, re-ordered with the built-in word vectors (a site built without `--embeddings-url`): the question's
 * vector (after the previous turn's, when there is one) is compared with each result's closest section, and each
 * result scores its lexical score over the best one plus `SIMILARITY_WEIGHT` × that cosine similarity, normalised to
 * the best result. The same pages, re-ordered at near ties: none is added or dropped (word vectors are a weak
 * retriever on their own), and comparing the results' sections alone keeps a search within a millisecond. An English
 * question only; otherwise, or when the vectors know none of its words, the results are `search`'s.
 */
export function wordVectorSearch(index: SearchIndex, query: string, options: SearchOptions): SearchResult[] {
  const { results, scope } = scopedSearch(index, query, options);
  if (results.length < 2 || !scope) return results;
  const vector = wordVectorOf(
    questionText(query, options.previousQuery),
    options.filter?.language ?? scope.language ?? index.defaults.language,
  );
  if (!vector) return results;
  const similarities = candidateSimilarities(
    index,
    results.map((result) => result.path),
    vector,
  );
  const best = results[0]?.score || 1;
  return relativeScores(
    results
      .map((result) => ({
        result,
        score: result.score / best + SIMILARITY_WEIGHT * (similarities.get(result.path) ?? 0),
      }))
      .sort((a, b) => b.score - a.score),
  );
}

import { searchTerms } from '../../contract/search/identifier-terms.ts';
import type { SearchIndex, SearchResult } from '../../runtime/search/index.ts';
import { pageSections } from '../../runtime/search/page-sections.ts';
import { searchQuery } from '../../runtime/search/search-query.ts';

/**
 * What a reranker over docsmith's top 10 reads of each candidate page, each in [0, 1]: its fused score as a share of
 * the first's, then the share of the question's weight (each term weighed by its IDF in the site) that the page holds
 * in all its text, in its title, in its frontmatter description and keywords, in its headings, in the best section;
 * the same share with each term weighed down by how many other candidates hold it (what tells it apart from its
 * siblings); and its length against the longest candidate's (log of characters).
 */
export const RERANK_FEATURES = [
  'score',
  'page coverage',
  'title coverage',
  'description coverage',
  'heading coverage',
  'best section coverage',
  'distinctive coverage',
  'length',
] as const;

/** The terms a page holds, by where. */
interface PageTerms {
  all: Set<string>;
  title: Set<string>;
  description: Set<string>;
  headings: Set<string>;
  characters: number;
}

/** A feature reader for one loaded site: `(question, ranked)` → one row of `RERANK_FEATURES` per ranked page. */
export function rerankFeatureReader(index: SearchIndex): (question: string, ranked: SearchResult[]) => number[][] {
  const cache = new Map<string, PageTerms>();
  const pageTerms = (path: string): PageTerms => {
    let terms = cache.get(path);
    if (!terms) cache.set(path, (terms = termsOfPage(index, path)));
    return terms;
  };
  return (question, ranked) => {
    const first = ranked[0];
    if (!first) return [];
    const language = first.metadata.language ?? index.defaults.language;
    const asked = [...new Set(searchQuery(index, question, undefined, language)?.terms.map((entry) => entry.term))];
    const sections = Math.max(1, index.sections.length);
    const weights = asked.map((term) =>
      Math.log(1 + sections / Math.max(1, index.engine?.documentFrequency(term) ?? 1)),
    );
    const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
    const coverage = (held: Set<string>, weightOf = (_term: string, weight: number) => weight): number =>
      asked.reduce((sum, term, position) => sum + (held.has(term) ? weightOf(term, weights[position] ?? 0) : 0), 0) /
      total;
    const candidates = ranked.map((result) => pageTerms(result.path));
    const holders = new Map(asked.map((term) => [term, candidates.filter((page) => page.all.has(term)).length]));
    const others = Math.max(1, candidates.length - 1);
    const longest = Math.log(1 + Math.max(...candidates.map((page) => page.characters))) || 1;
    return ranked.map((result, position) => {
      const page = candidates[position] as PageTerms;
      const best = new Set(searchTerms([result.title, ...result.headingPath, result.text].join('\n'), language));
      return [
        result.score / (first.score || 1),
        coverage(page.all),
        coverage(page.title),
        coverage(page.description),
        coverage(page.headings),
        coverage(best),
        coverage(page.all, (term, weight) => weight * (1 - ((holders.get(term) ?? 1) - 1) / others)),
        Math.log(1 + page.characters) / longest,
      ];
    });
  };
}

function termsOfPage(index: SearchIndex, path: string): PageTerms {
  const sections = pageSections(index, path);
  const first = sections[0];
  const language = first?.context.language;
  const termsOf = (texts: string[]): Set<string> => new Set(searchTerms(texts.join('\n'), language));
  return {
    all: termsOf(
      sections.flatMap((section) => [section.title, ...section.headingPath, section.description ?? '', section.text]),
    ),
    title: termsOf(first ? [first.title] : []),
    description: termsOf(first ? [first.description ?? '', ...(first.keywords ?? [])] : []),
    headings: termsOf(sections.flatMap((section) => section.headingPath)),
    characters: sections.reduce((sum, section) => sum + section.text.length, 0),
  };
}

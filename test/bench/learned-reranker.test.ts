import { describe, expect, it } from 'vitest';
import { RERANK_FEATURES, rerankFeatureReader } from '../../bench/retrieval/rerank-features.ts';
import { fitSoftmaxReranker, rerankOrder, type RankedList } from '../../bench/retrieval/softmax-reranker.ts';
import { buildSearchArtifact } from '../../pipeline/assemble/build-search-artifact.ts';
import { loadSearchIndex, search } from '../../runtime/search/index.ts';
import { section } from '../helpers/section-record.ts';

describe('the learned reranker of the rerank bench', () => {
  // The score (first feature) prefers the first candidate; the second feature marks the gold one.
  const list = (gold: number): RankedList => ({
    features: [0, 1, 2].map((candidate) => [1 - candidate * 0.05, candidate === gold ? 1 : 0]),
    gold: [0, 1, 2].map((candidate) => candidate === gold),
  });

  it('learns a feature that decides where the score does not, and reranks by it', () => {
    const weights = fitSoftmaxReranker([list(1), list(2), list(1), list(2)]);
    expect(weights[1]).toBeGreaterThan(1);
    expect(rerankOrder(list(2).features, weights)[0]).toBe(2);
    expect(rerankOrder(list(1).features, [1, 0])).toEqual([0, 1, 2]);
  });

  it('starts from the current ranking and learns nothing from lists without a gold candidate', () => {
    const weights = fitSoftmaxReranker([{ features: list(1).features, gold: [false, false, false] }]);
    expect(weights).toEqual([5, 0]);
  });

  it('reads where each candidate holds the question and what tells it apart from the others', () => {
    const index = loadSearchIndex(
      JSON.parse(
        JSON.stringify(
          buildSearchArtifact([
            section('cli/login', 'CLI login command', 'Log in to your account from the terminal.', {
              description: 'Log in with the CLI.',
            }),
            section('cli/whoami', 'CLI whoami command', 'Show which account you are logged in as.', {
              description: 'Display the current user.',
            }),
          ]),
        ),
      ),
    );
    const ranked = search(index, 'login command', { pageSize: 10 });
    const rows = rerankFeatureReader(index)('login command', ranked);
    const feature = (path: string, name: (typeof RERANK_FEATURES)[number]): number =>
      rows[ranked.findIndex((result) => result.path === path)]?.[RERANK_FEATURES.indexOf(name)] ?? NaN;
    expect(ranked.map((result) => result.path)).toEqual(['cli/login', 'cli/whoami']);
    expect(feature('cli/login', 'score')).toBe(1);
    expect(feature('cli/login', 'title coverage')).toBe(1);
    expect(feature('cli/whoami', 'title coverage')).toBeGreaterThan(0);
    expect(feature('cli/whoami', 'title coverage')).toBeLessThan(1);
    // Both hold "command"; only the login page holds "login" as well: it alone has what tells it apart.
    expect(feature('cli/login', 'distinctive coverage')).toBeGreaterThan(feature('cli/whoami', 'distinctive coverage'));
    expect(feature('cli/whoami', 'distinctive coverage')).toBe(0);
  });
});

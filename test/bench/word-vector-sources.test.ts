import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readUnseenAnswerQuestions } from '../../bench/answers/answer-question-set.ts';
import { readUnseenQuestionSet } from '../../bench/retrieval/unseen-sites.ts';

/** The repositories the built-in word vectors are learned from (scripts/docs-word-vectors/sources.json). */
const vectorSources = JSON.parse(
  readFileSync(new URL('../../scripts/docs-word-vectors/sources.json', import.meta.url), 'utf8'),
) as { repo: string }[];

const ownerOf = (repo: string): string => (repo.split('/')[0] as string).toLowerCase();

describe('the built-in word vectors never learn from a measured site (decision 0299)', () => {
  it('shares no repository owner with a site of the unseen retrieval or answers questions', () => {
    const measured = new Set(
      [...readUnseenQuestionSet().sources, ...readUnseenAnswerQuestions().sources].map((source) =>
        ownerOf(source.repo),
      ),
    );
    expect(measured.size).toBeGreaterThan(40);
    expect(vectorSources.map((source) => source.repo).filter((repo) => measured.has(ownerOf(repo)))).toEqual([]);
  });
});

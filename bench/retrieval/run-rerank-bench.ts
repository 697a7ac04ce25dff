import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { loadSearchIndex, search } from '../../runtime/search/index.ts';
import { printTable } from '../bench-helpers.ts';
import {
  figuresRow,
  type Half,
  type Question,
  RankRecorder,
  readQuestions,
  RETRIEVAL_SITES,
  samePage,
} from './question-set.ts';
import { RERANK_FEATURES, rerankFeatureReader } from './rerank-features.ts';
import { fitSoftmaxReranker, type RankedList, rerankOrder } from './softmax-reranker.ts';
import { locateUnseenSites, readUnseenQuestionSet } from './unseen-sites.ts';

const SEARCH = 'docsmith (search)';
const FITTED = 'reranked top 10 (fitted on the tuning half)';
const HELD_OUT_SITE = 'reranked top 10 (fitted on the other tuning sites)';

/** One question with docsmith's top 10 (paths) and their reranking features. */
interface RankedQuestion extends RankedList {
  question: Question;
  paths: string[];
}

/**
 * Whether a learned reranker over docsmith's top 10 finds rank-1 signal the fused score does not hold: each
 * candidate's `RERANK_FEATURES` (the score, then where and how much of the question's weight the page holds), a
 * linear model fitted by a listwise softmax loss (`fitSoftmaxReranker`) on the tuning half only. Prints recall@1,
 * recall@5 and MRR@10 of search and of the reranking fitted on the whole tuning half (in-sample there; held-back and
 * unseen are reported, never fitted on), and of a reranking fitted with each tuning site left out and applied to it
 * (what a model fitted elsewhere does on a site it never saw); then the fitted weights.
 */
export async function runRerankBench(): Promise<void> {
  const lists: RankedQuestion[] = [];
  for (const site of RETRIEVAL_SITES) lists.push(...(await rankSite(site.name, site.directory, readQuestions())));
  const unseen = readUnseenQuestionSet();
  const located = locateUnseenSites(unseen.sources);
  if ('skipped' in located) process.stdout.write(`\n${located.skipped}\n`);
  else
    for (const [site, directory] of located.directories)
      lists.push(...(await rankSite(site, directory, unseen.questions)));

  const tuning = lists.filter((list) => list.question.half === 'tuning');
  const weights = fitSoftmaxReranker(tuning);
  const recorder = new RankRecorder();
  for (const list of lists) {
    recorder.record(SEARCH, list.question, list.paths);
    recorder.record(FITTED, list.question, reranked(list, weights));
  }
  for (const site of new Set(tuning.map((list) => list.question.corpus))) {
    const siteWeights = fitSoftmaxReranker(tuning.filter((list) => list.question.corpus !== site));
    for (const list of tuning.filter((candidate) => candidate.question.corpus === site))
      recorder.record(HELD_OUT_SITE, list.question, reranked(list, siteWeights));
  }
  const halves: Half[] = ['tuning', 'held-back', ...('skipped' in located ? [] : ['unseen' as const])];
  printTable(
    'A learned reranker over the top 10 (listwise softmax, linear in RERANK_FEATURES; fitted on the tuning half only)',
    ['system', 'split', 'questions', 'recall@1', 'recall@5', 'MRR@10'],
    [
      ...halves.flatMap((half) => [SEARCH, FITTED].map((system) => figuresRow(recorder.figures(system, half)))),
      figuresRow(recorder.figures(HELD_OUT_SITE, 'tuning')),
    ],
  );
  printTable(
    'Its weights, fitted on the whole tuning half',
    ['feature', 'weight'],
    RERANK_FEATURES.map((feature, position) => [feature, (weights[position] ?? 0).toFixed(3)]),
  );
}

/** Builds the site in `directory` and ranks its questions (of `questions`), with the features of each top 10. */
async function rankSite(name: string, directory: string, questions: Question[]): Promise<RankedQuestion[]> {
  const result = await buildSite(await readSiteSource(directory), { domain: name });
  const index = loadSearchIndex(JSON.parse(JSON.stringify(result.searchArtifact)));
  const featuresOf = rerankFeatureReader(index);
  return questions
    .filter((question) => question.corpus === name)
    .map((question) => {
      const ranked = search(index, question.question, { pageSize: 10 });
      const gold = new Set(question.answers.map(samePage));
      return {
        question,
        paths: ranked.map((result) => result.path),
        features: featuresOf(question.question, ranked),
        gold: ranked.map((result) => gold.has(samePage(result.path))),
      };
    });
}

function reranked(list: RankedQuestion, weights: number[]): string[] {
  return rerankOrder(list.features, weights).map((position) => list.paths[position] as string);
}

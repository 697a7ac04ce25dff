import { writeFileSync } from 'node:fs';
import { createExtractiveModel } from '../../runtime/assistant/extractive-model.ts';
import { loadSearchIndex } from '../../runtime/search/index.ts';
import { printTable } from '../bench-helpers.ts';
import { RETRIEVAL_SITES } from '../retrieval/question-set.ts';
import { locateUnseenSites, readUnseenQuestionSet, type UnseenSource } from '../retrieval/unseen-sites.ts';
import { answerInProcess, type AnswerWithEvidence } from './answer-in-process.ts';
import {
  QUESTION_KINDS,
  readAnswerQuestions,
  readUnseenAnswerQuestions,
  type AnswerQuestion,
} from './answer-question-set.ts';
import { builtSite, type BuiltSite } from './built-site-cache.ts';
import { FAILURE_CAUSES, failureCause, type FailureCause } from './failure-cause.ts';
import { leadSentencesAnswer } from './lead-sentences-answer.ts';
import { answersQuestion, normalizeForFacts, scoreAnswer, type AnswerScore } from './score-answer.ts';

/** One question answered by docsmith and by the naive composer, scored. */
interface AnsweredQuestion {
  question: AnswerQuestion;
  text: string;
  sources: readonly string[];
  score: AnswerScore;
  baseline: AnswerScore;
  /** Every fact is somewhere in the sources' text: what a perfect composer could quote. */
  factsInSources: boolean;
  /** Every fact is somewhere on a gold page (its built Markdown): what a composer reading whole pages could quote. */
  factsOnGoldPage: boolean;
  cause?: FailureCause;
}

/** A named group of answered questions summarised together. */
interface Scope {
  name: string;
  keep: (answered: AnsweredQuestion) => boolean;
}

const DOCSMITH = 'docsmith (offline extractive model)';
const BASELINE = 'baseline (lead sentences of the top section)';
/** Writes each tuning and held-back answer (never an unseen one) as JSON lines to this file, to read them by hand. */
const ANSWERS_OUT = process.env.DOCSMITH_BENCH_ANSWERS_OUT;

/**
 * Scores the offline answers on the answers bench's questions (bench/answers/questions.json: tuning and held-back
 * halves; bench/answers/unseen-questions.json: fresh sites, per batch): each question goes through the runtime's
 * use case in process (`answerInProcess`), and scores when its text holds every decisive fact and cites `[n]` a
 * page that answers. Printed per split, per site and per kind, beside the facts-only, gold-cited-only,
 * gold-among-sources and "not found" rates, against a naive composer measured on the same sources in the same run
 * (the top section's lead sentences), with the failures by cause. Unseen questions are only ever summarised.
 */
export async function runAnswersBench(): Promise<void> {
  const unseen = readUnseenAnswerQuestions();
  const questions = [...readAnswerQuestions(), ...unseen.questions];
  if (questions.length === 0) {
    process.stdout.write('\nanswers bench skipped: bench/answers/questions.json has no questions yet\n');
    return;
  }
  const directories = siteDirectories([...readUnseenQuestionSet().sources, ...unseen.sources]);
  const model = createExtractiveModel();
  const answered: AnsweredQuestion[] = [];
  for (const siteName of [...new Set(questions.map((question) => question.site))]) {
    const directory = directories.get(siteName);
    const ofSite = questions.filter((question) => question.site === siteName);
    if (!directory) {
      process.stdout.write(
        `answers bench: site ${siteName} not found (${ofSite.length} questions left out; set DOCSMITH_SHARED_DIR and DOCSMITH_BENCH_UNSEEN_SITES)\n`,
      );
      continue;
    }
    const built = await builtSite(siteName, directory);
    const site = {
      domain: siteName,
      buildId: 'bench',
      siteName: built.siteName,
      siteUrl: '',
      index: loadSearchIndex(JSON.parse(built.searchJson)),
      bytes: 0,
    };
    for (const question of ofSite)
      answered.push(scoreQuestion(question, await answerInProcess(site, model, question.question), built));
  }
  if (ANSWERS_OUT)
    writeFileSync(
      ANSWERS_OUT,
      answered
        .filter((entry) => entry.question.split !== 'unseen')
        .map((entry) => JSON.stringify(entry))
        .join('\n'),
    );
  report(answered, unseen.sources);
}

function scoreQuestion(question: AnswerQuestion, answer: AnswerWithEvidence, site: BuiltSite): AnsweredQuestion {
  const score = scoreAnswer(question, answer);
  const baseline = scoreAnswer(question, { text: leadSentencesAnswer(answer.sourceTexts[0]), sources: answer.sources });
  const holdsFacts = (text: string): boolean =>
    question.facts.every((spellings) => spellings.some((spelling) => text.includes(normalizeForFacts(spelling))));
  const factsInSources = holdsFacts(normalizeForFacts(answer.sourceTexts.join('\n')));
  const factsOnGoldPage = site.pages.some(
    (page) => answersQuestion(question, page.path) && holdsFacts(normalizeForFacts(`${page.title}\n${page.markdown}`)),
  );
  const scored = score.facts && score.goldCited;
  return {
    question,
    text: answer.text,
    sources: answer.sources,
    score,
    baseline,
    factsInSources,
    factsOnGoldPage,
    ...(scored ? {} : { cause: failureCause(question, answer, score, site) }),
  };
}

/** Each site's folder: the shared corpora and the project's sample site, then the unseen sites of both benches (when `DOCSMITH_BENCH_UNSEEN_SITES` holds them). */
function siteDirectories(unseenSources: UnseenSource[]): Map<string, string> {
  const directories = new Map(RETRIEVAL_SITES.map((site) => [site.name, site.directory]));
  for (const source of unseenSources) {
    if (RETRIEVAL_SITES.some((site) => site.name === source.site))
      throw new Error(`unseen site ${source.site} has the name of a tuning corpus; give it another name`);
    const located = locateUnseenSites([source]);
    if ('directories' in located) directories.set(source.site, located.directories.get(source.site) as string);
  }
  return directories;
}

function report(answered: AnsweredQuestion[], unseenSources: UnseenSource[]): void {
  const batches = [...new Set(unseenSources.map((source) => source.batch))].sort((first, second) => first - second);
  const splits: Scope[] = [
    { name: 'tuning', keep: (entry: AnsweredQuestion) => entry.question.split === 'tuning' },
    { name: 'held-back', keep: (entry: AnsweredQuestion) => entry.question.split === 'held-back' },
    { name: 'unseen', keep: (entry: AnsweredQuestion) => entry.question.split === 'unseen' },
    ...batches.map((batch) => ({
      name: `unseen, batch ${batch}`,
      keep: (entry: AnsweredQuestion) => entry.question.split === 'unseen' && entry.question.batch === batch,
    })),
  ].filter((scope) => answered.some(scope.keep));
  printTable(
    `Answers over ${answered.length} questions: facts in the text and a gold page cited [n] (same sources, same run)`,
    [
      'system',
      'split',
      'questions',
      'facts+gold cited',
      'facts',
      'gold cited',
      'gold in sources',
      'not found',
      'facts in sources',
      'facts on a gold page',
    ],
    splits.flatMap((scope) => {
      const entries = answered.filter(scope.keep);
      return [
        figuresRow(DOCSMITH, scope.name, entries, (entry) => entry.score),
        figuresRow(BASELINE, scope.name, entries, (entry) => entry.baseline),
      ];
    }),
  );
  printTable(
    'Ratio of docsmith to the baseline (facts+gold cited)',
    ['split', 'docsmith', 'baseline', 'ratio'],
    splits.map((scope) => {
      const entries = answered.filter(scope.keep);
      const ours = share(entries, (entry) => entry.score.facts && entry.score.goldCited);
      const theirs = share(entries, (entry) => entry.baseline.facts && entry.baseline.goldCited);
      return [scope.name, percent(ours), percent(theirs), theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : '—'];
    }),
  );
  const perSite = splits.slice(0, 3).flatMap((split) =>
    [...new Set(answered.filter(split.keep).map((entry) => entry.question.site))].map((site) => ({
      name: `${split.name}: ${site}`,
      keep: (entry: AnsweredQuestion) => split.keep(entry) && entry.question.site === site,
    })),
  );
  printTable(
    'Per site (docsmith)',
    ['split: site', 'questions', 'facts+gold cited', 'facts', 'gold cited', 'gold in sources', 'not found', 'baseline'],
    perSite.map((scope) => scopeRow(scope, answered)),
  );
  const perKind = splits.slice(0, 3).flatMap((split) =>
    QUESTION_KINDS.map((kind) => ({
      name: `${split.name}: ${kind}`,
      keep: (entry: AnsweredQuestion) => split.keep(entry) && entry.question.kind === kind,
    })),
  );
  printTable(
    'Per kind of question (docsmith)',
    ['split: kind', 'questions', 'facts+gold cited', 'facts', 'gold cited', 'gold in sources', 'not found', 'baseline'],
    perKind.filter((scope) => answered.some(scope.keep)).map((scope) => scopeRow(scope, answered)),
  );
  printTable(
    'Failures by cause (docsmith; the first cause that holds)',
    ['cause', ...splits.map((scope) => scope.name)],
    FAILURE_CAUSES.map((cause) => [
      cause,
      ...splits.map((scope) => String(answered.filter((entry) => scope.keep(entry) && entry.cause === cause).length)),
    ]),
  );
}

function figuresRow(
  system: string,
  split: string,
  entries: AnsweredQuestion[],
  scoreOf: (entry: AnsweredQuestion) => AnswerScore,
): string[] {
  return [
    system,
    split,
    String(entries.length),
    percent(share(entries, (entry) => scoreOf(entry).facts && scoreOf(entry).goldCited)),
    percent(share(entries, (entry) => scoreOf(entry).facts)),
    percent(share(entries, (entry) => scoreOf(entry).goldCited)),
    percent(share(entries, (entry) => scoreOf(entry).goldAmongSources)),
    percent(share(entries, (entry) => scoreOf(entry).notFound)),
    percent(share(entries, (entry) => entry.factsInSources)),
    percent(share(entries, (entry) => entry.factsOnGoldPage)),
  ];
}

function scopeRow(scope: Scope, answered: AnsweredQuestion[]): string[] {
  const entries = answered.filter(scope.keep);
  const row = figuresRow(DOCSMITH, scope.name, entries, (entry) => entry.score).slice(1, 8);
  return [...row, percent(share(entries, (entry) => entry.baseline.facts && entry.baseline.goldCited))];
}

function share(entries: AnsweredQuestion[], holds: (entry: AnsweredQuestion) => boolean): number {
  return entries.length === 0 ? 0 : entries.filter(holds).length / entries.length;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAnswersBench();

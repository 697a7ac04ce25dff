import { readFileSync } from 'node:fs';
import path from 'node:path';
import bm25 from 'wink-bm25-text-search';
import winkUtils from 'wink-nlp-utils';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/build/build-site.ts';
import { loadSearchIndex, search, type SectionRecord } from '../../runtime/search/index.ts';
import { CORPORA, corpusPath, percentile, printTable } from '../bench-helpers.ts';

interface Question {
  corpus: string;
  question: string;
  answers: string[];
}

/** Retrieval quality and speed of one system over the evaluation set. */
export interface RetrievalFigures {
  system: string;
  questions: number;
  recallAt1: number;
  recallAt5: number;
  mrrAt10: number;
  p50Ms: number;
  p99Ms: number;
}

const questions = JSON.parse(readFileSync(path.join(import.meta.dirname, 'questions.json'), 'utf8')) as Question[];
/** The same page in another docs version counts as the answer (versioned sites copy pages per version). */
const samePage = (route: string): string => route.replace(/\/(?:\d{4}-\d{2}-\d{2}|draft)\//, '/*/').replace(/\/index$/, '');

/**
 * Runs the evaluation set (bench/retrieval/questions.json) against docsmith's section-level search and,
 * in the same run, against a naive baseline: wink-bm25 over whole pages (title + body) with the default
 * preparation (lower-case, tokenize, stop words, stem). Prints recall@1, recall@5, MRR@10 and latency.
 */
export async function runRetrievalBench(): Promise<RetrievalFigures[]> {
  const docsmith: { rank: number; ms: number }[] = [];
  const baseline: { rank: number; ms: number }[] = [];
  for (const corpus of CORPORA) {
    const result = await buildSite(await readSiteSource(corpusPath(corpus)), { domain: corpus });
    const index = loadSearchIndex(JSON.parse(JSON.stringify(result.searchArtifact)));
    const naive = buildNaiveBaseline(result.sectionRecords);
    for (const question of questions.filter((candidate) => candidate.corpus === corpus)) {
      const wanted = new Set(question.answers.map(samePage));
      let started = performance.now();
      const ranked = search(index, question.question, { pageSize: 10 }).map((hit) => hit.path);
      docsmith.push({ rank: rankOf(ranked, wanted), ms: performance.now() - started });
      started = performance.now();
      const naiveRanked = naive(question.question);
      baseline.push({ rank: rankOf(naiveRanked, wanted), ms: performance.now() - started });
    }
  }
  const figures = [summarise('docsmith (sections, BM25F)', docsmith), summarise('baseline (whole pages, default prep)', baseline)];
  printTable(
    `Retrieval over ${questions.length} questions of ${CORPORA.length} corpora (same run, same machine)`,
    ['system', 'recall@1', 'recall@5', 'MRR@10', 'p50 ms', 'p99 ms'],
    figures.map((figure) => [figure.system, figure.recallAt1.toFixed(3), figure.recallAt5.toFixed(3), figure.mrrAt10.toFixed(3), figure.p50Ms.toFixed(2), figure.p99Ms.toFixed(2)]),
  );
  const [ours, theirs] = figures as [RetrievalFigures, RetrievalFigures];
  process.stdout.write(`recall@5 difference: ${((ours.recallAt5 - theirs.recallAt5) * 100).toFixed(1)} points\n`);
  return figures;
}

function rankOf(ranked: string[], wanted: Set<string>): number {
  const position = ranked.slice(0, 10).findIndex((route) => wanted.has(samePage(route)));
  return position < 0 ? Infinity : position + 1;
}

function summarise(system: string, runs: { rank: number; ms: number }[]): RetrievalFigures {
  const count = runs.length;
  return {
    system,
    questions: count,
    recallAt1: runs.filter((run) => run.rank <= 1).length / count,
    recallAt5: runs.filter((run) => run.rank <= 5).length / count,
    mrrAt10: runs.reduce((sum, run) => sum + (run.rank <= 10 ? 1 / run.rank : 0), 0) / count,
    p50Ms: percentile(runs.map((run) => run.ms), 50),
    p99Ms: percentile(runs.map((run) => run.ms), 99),
  };
}

/** wink-bm25 over whole pages, title + body, default text preparation: the baseline to beat. */
function buildNaiveBaseline(records: SectionRecord[]): (query: string) => string[] {
  const pages = new Map<string, { title: string; body: string[] }>();
  for (const record of records) {
    const page = pages.get(record.path) ?? { title: record.title, body: [] };
    page.body.push(record.headingPath.at(-1) ?? '', record.text);
    pages.set(record.path, page);
  }
  const engine = bm25();
  engine.defineConfig({ fldWeights: { title: 1, body: 1 } });
  engine.definePrepTasks([winkUtils.string.lowerCase, winkUtils.string.tokenize0, winkUtils.tokens.removeWords, winkUtils.tokens.stem] as never);
  const routes = [...pages.keys()];
  routes.forEach((route, id) => {
    const page = pages.get(route) as { title: string; body: string[] };
    engine.addDoc({ title: page.title, body: page.body.join('\n') }, id);
  });
  engine.consolidate();
  return (query) => engine.search(query, 10).map(([id]) => routes[Number(id)] as string);
}

if (import.meta.url === `file://${process.argv[1]}`) await runRetrievalBench();

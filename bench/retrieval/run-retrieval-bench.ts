import bm25 from 'wink-bm25-text-search';
import winkUtils from 'wink-nlp-utils';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { hybridSearch, loadSearchIndex, search } from '../../runtime/search/index.ts';
import { type SectionRecord } from '../../contract/search/index.ts';
import { percentile, printTable } from '../bench-helpers.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';
import { MISS_CAUSES, missCause } from './miss-causes.ts';
import {
  figuresRow,
  HALVES,
  type Question,
  RankRecorder,
  readQuestions,
  RETRIEVAL_SITES,
  type RetrievalFigures,
  samePage,
  type SiteGroup,
} from './question-set.ts';
import { locateUnseenSites, readUnseenQuestionSet, unseenBatches, unseenBatchStyles } from './unseen-sites.ts';

/** Search latency of one system on the generated site: wall-clock time, and the process's CPU time (which other jobs of a shared machine do not add to). */
export interface LatencyFigures {
  system: string;
  p50Ms: number;
  p99Ms: number;
  p50CpuMs: number;
  p99CpuMs: number;
}

const SYNTHETIC_PAGES = 1300;
const DOCSMITH = 'docsmith (BM25F sections + pages + outlines, word vectors)';
const LEXICAL = 'docsmith without word vectors (BM25F only)';
const BASELINE = 'baseline (wink-bm25, whole pages, default prep)';

/**
 * Runs the evaluation set (bench/retrieval/questions.json: each question belongs to the tuning or the held-back
 * half, split once by a hash of the question within each site) against docsmith's search and, in the same run,
 * against a naive baseline: wink-bm25 over whole pages (title + body) with its default preparation (lower-case,
 * tokenize, stop words, stem). Prints recall@1, recall@5 and MRR@10 per half; then the same on the unseen split
 * (bench/retrieval/unseen-questions.json, real sites nobody tuned on, read from DOCSMITH_BENCH_UNSEEN_SITES;
 * one line says it is skipped without them), over all of it, per batch of sites, per batch and style of question, and per site; then the search
 * latency of both on a generated 1,300-page site.
 */
export async function runRetrievalBench(): Promise<{ quality: RetrievalFigures[]; latency: LatencyFigures[] }> {
  const questions = readQuestions();
  const recorder = new RankRecorder();
  for (const site of RETRIEVAL_SITES) await rankSite(recorder, site.name, site.directory, questions);
  const quality = HALVES.flatMap((half) =>
    [DOCSMITH, LEXICAL, BASELINE].map((system) => recorder.figures(system, half)),
  );
  printTable(
    `Retrieval over ${questions.length} questions of ${RETRIEVAL_SITES.length} sites (tuned on the tuning half only; same run, same machine)`,
    ['system', 'half', 'questions', 'recall@1', 'recall@5', 'MRR@10'],
    quality.map(figuresRow),
  );
  const unseen = await runUnseenSplit(recorder);
  quality.push(...unseen.quality);
  printMissCauses(recorder, [
    ...HALVES.map((half) => ({ half })),
    ...(unseen.quality.length > 0
      ? [{ half: 'unseen' as const }, ...unseen.batches.map((scope) => ({ half: 'unseen' as const, scope }))]
      : []),
  ]);
  const latency = await measureLatency();
  printTable(
    `Search latency on a generated ${SYNTHETIC_PAGES}-page site (in process, after a warm-up)`,
    ['system', 'p50 ms', 'p99 ms', 'p50 CPU ms', 'p99 CPU ms'],
    latency.map((figure) => [
      figure.system,
      figure.p50Ms.toFixed(2),
      figure.p99Ms.toFixed(2),
      figure.p50CpuMs.toFixed(2),
      figure.p99CpuMs.toFixed(2),
    ]),
  );
  return { quality, latency };
}

/** docsmith's misses at rank 1 by cause (`missCause`), one column per split (or batch of the unseen split). */
function printMissCauses(recorder: RankRecorder, columns: { half: Question['half']; scope?: SiteGroup }[]): void {
  const counts = columns.map(({ half, scope }) => recorder.missCauses(DOCSMITH, half, scope));
  const total = (column: Map<string, number>): number => [...column.values()].reduce((sum, count) => sum + count, 0);
  printTable(
    `docsmith's misses at rank 1 by cause (classified automatically: bench/retrieval/miss-causes.ts)`,
    ['cause', ...columns.map(({ half, scope }) => (scope ? `${half}: ${scope.name}` : half))],
    [
      ...MISS_CAUSES.map((cause) => [cause, ...counts.map((column) => String(column.get(cause) ?? 0))]),
      ['all misses', ...counts.map((column) => String(total(column)))],
    ],
  );
}

/** The unseen split's figures over all its sites, then per batch, then per site, and its batches; no figures (and one line saying why) without the sites. */
async function runUnseenSplit(recorder: RankRecorder): Promise<{ quality: RetrievalFigures[]; batches: SiteGroup[] }> {
  const { sources, questions } = readUnseenQuestionSet();
  const located = locateUnseenSites(sources);
  if ('skipped' in located) {
    process.stdout.write(`\n${located.skipped}\n`);
    return { quality: [], batches: [] };
  }
  for (const [site, directory] of located.directories) await rankSite(recorder, site, directory, questions);
  const scopes = [undefined, ...unseenBatches(sources), ...unseenBatchStyles(sources), ...located.directories.keys()];
  const quality = scopes.flatMap((scope) =>
    [DOCSMITH, LEXICAL, BASELINE].map((system) => recorder.figures(system, 'unseen', scope)),
  );
  printTable(
    `Unseen split: ${questions.length} questions over ${sources.length} real sites nobody tuned on (${sources.map((source) => `${source.repo}@${source.commit.slice(0, 7)}`).join(', ')})`,
    ['system', 'split', 'questions', 'recall@1', 'recall@5', 'MRR@10'],
    quality.map(figuresRow),
  );
  return { quality, batches: unseenBatches(sources) };
}

/** Builds the site in `directory` and records docsmith's and the baseline's ranking of each of its questions. */
async function rankSite(recorder: RankRecorder, name: string, directory: string, questions: Question[]): Promise<void> {
  const result = await buildSite(await readSiteSource(directory), { domain: name });
  const index = loadSearchIndex(JSON.parse(JSON.stringify(result.searchArtifact)));
  const naive = buildNaiveBaseline(result.sectionRecords);
  const pages = new Set((result.manifest?.pages ?? []).map((page) => page.path));
  for (const question of questions.filter((candidate) => candidate.corpus === name)) {
    const absent = question.answers.filter((answer) => !pages.has(answer));
    if (absent.length > 0)
      process.stdout.write(
        `${name}: gold page ${absent.join(', ')} of "${question.question}" is not in the built site (another checkout of the site?)\n`,
      );
    const ranked = await hybridSearch(index, question.question, { pageSize: 10 });
    const gold = new Set(question.answers.map(samePage));
    const explainMiss = () =>
      missCause(index, {
        question: question.question,
        gold: question.answers,
        isGold: (path) => gold.has(samePage(path)),
        ranked,
      });
    recorder.record(
      DOCSMITH,
      question,
      ranked.map((hit) => hit.path),
      explainMiss,
    );
    recorder.record(
      LEXICAL,
      question,
      search(index, question.question, { pageSize: 10 }).map((hit) => hit.path),
    );
    recorder.record(BASELINE, question, naive(question.question));
  }
}

async function measureLatency(): Promise<LatencyFigures[]> {
  const result = await buildSite(generateSyntheticSite({ pages: SYNTHETIC_PAGES }), { domain: 'synthetic' });
  const index = loadSearchIndex(JSON.parse(JSON.stringify(result.searchArtifact)));
  const naive = buildNaiveBaseline(result.sectionRecords);
  const queries = [
    'how do I rotate the webhook secret',
    'retry a failed delivery after timeout',
    'billing quota exceeded for my organization',
    'deploy to another region with cache',
    'export the audit log to a backup',
    'stream metrics and alerts',
    'configure the schema of a project',
    'permission to replay messages',
    'worker picks the next message from the partition',
    'latency errors throughput dashbord',
  ];
  const systems: [string, (query: string) => unknown][] = [
    [DOCSMITH, (query) => hybridSearch(index, query, { pageSize: 10 })],
    [LEXICAL, (query) => search(index, query, { pageSize: 10 })],
    [BASELINE, naive],
  ];
  const figures: LatencyFigures[] = [];
  for (const [system, run] of systems) {
    for (let round = 0; round < 20; round += 1) for (const query of queries) await run(`${query} ${round}`);
    const timings: number[] = [];
    const cpuTimings: number[] = [];
    for (let round = 0; round < 100; round += 1) {
      for (const query of queries) {
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        await run(`${query} ${round % 7}`);
        const cpu = process.cpuUsage(cpuStarted);
        timings.push(performance.now() - started);
        cpuTimings.push((cpu.user + cpu.system) / 1000);
      }
    }
    figures.push({
      system,
      p50Ms: percentile(timings, 50),
      p99Ms: percentile(timings, 99),
      p50CpuMs: percentile(cpuTimings, 50),
      p99CpuMs: percentile(cpuTimings, 99),
    });
  }
  return figures;
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
  engine.definePrepTasks([
    winkUtils.string.lowerCase,
    winkUtils.string.tokenize0,
    winkUtils.tokens.removeWords,
    winkUtils.tokens.stem,
  ] as never);
  const routes = [...pages.keys()];
  routes.forEach((route, id) => {
    const page = pages.get(route) as { title: string; body: string[] };
    engine.addDoc({ title: page.title, body: page.body.join('\n') }, id);
  });
  engine.consolidate();
  return (query) => engine.search(query, 10).map(([id]) => routes[Number(id)] as string);
}

if (import.meta.url === `file://${process.argv[1]}`) await runRetrievalBench();

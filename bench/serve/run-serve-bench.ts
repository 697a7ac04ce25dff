import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { buildSearchArtifact } from '../../pipeline/assemble/build-search-artifact.ts';
import { loadSearchIndex, search, type SearchIndex } from '../../runtime/search/index.ts';
import { answerQuestion } from '../../runtime/assistant/answer-question.ts';
import type { AssistantRequestBody } from '../../runtime/assistant/assistant-request.ts';
import { createAssistantStream } from '../../runtime/assistant/create-assistant-stream.ts';
import { createExtractiveModel } from '../../runtime/assistant/extractive-model.ts';
import { buildAssistantPrompt } from '../../runtime/assistant/assistant-prompt.ts';
import { createLimiter } from '../../runtime/limits/create-limiter.ts';
import { createSqliteThreadStore } from '../../runtime/threads/sqlite-thread-store.ts';
import { sourcesFromResults } from '../../runtime/assistant/sources-from-results.ts';
import { corpusPath, percentile, printTable } from '../bench-helpers.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';

const CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** The serving bar: answered requests/s against the ceiling of a bare route plus the answer's own work (issue #14). */
const SERVING_BAR = 0.4;
const QUESTION = {
  fp: 'bench',
  messages: [{ id: 'u1', role: 'user', content: 'How do I increase the context window size?' }],
};

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
 * drives both with autocannon (same connections and duration), times each stage of an answered request alone,
 * and prints the serving bar: answered req/s against the ceiling 1 / (t_bare_route + t_answer_in_process), then the
 * share of an answered request each stage takes and the rest. Also measures section
 * retrieval latency on a generated ~1,250-page site, after 200 warm-up queries (a serving runtime's steady state).
 */
export async function runServeBench(): Promise<{
  routes: ServeFigures[];
  stages: StageCost[];
  searchP50Ms: number;
  searchP99Ms: number;
}> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-serve-'));
  try {
    const result = await buildSite(await readSiteSource(corpusPath('ollama')), { domain: 'ollama' });
    const domainDir = path.join(directory, 'dist', 'ollama');
    await writeBuildDirectory(domainDir, result.manifest!.buildId, result.files);
    await publishBuild(domainDir, result.manifest!.buildId);
    const key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
      domains: ['ollama'],
      org: 'bench',
    }).key;
    const app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limits: { perKeyPerMonth: 1e9, perOrgPerHour: 1e9, perIpPerDay: 1e9 },
    });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    const sample = await fetch(`${appUrl}/v1/assistant/ollama/message`, {
      method: 'POST',
      headers,
      body: JSON.stringify(QUESTION),
    });
    const cannedHeaders = Object.fromEntries(
      [...sample.headers].filter(([name]) => name.startsWith('x-') || name === 'content-type'),
    );
    const cannedBody = Buffer.from(await sample.arrayBuffer());
    const bare = Fastify({ logger: false });
    bare.post('/bare', async (_request, reply) => reply.headers(cannedHeaders).send(Readable.from([cannedBody])));
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const drive = async (route: string, url: string): Promise<ServeFigures> => {
      const outcome = await autocannon({
        url,
        method: 'POST',
        headers,
        body: JSON.stringify(QUESTION),
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
      });
      return {
        route,
        requestsPerSecond: outcome.requests.average,
        p50Ms: outcome.latency.p50,
        p99Ms: outcome.latency.p99,
        errors: outcome.errors + outcome.non2xx,
      };
    };
    const bareFigures = await drive('bare fastify route (canned stream)', `${bareUrl}/bare`);
    const assistantFigures = await drive('POST /v1/assistant/:domain/message', `${appUrl}/v1/assistant/ollama/message`);
    await app.close();
    await bare.close();
    const stages = await measureStageCosts(
      loadSearchIndex(JSON.parse(result.files.get('search.json') as string)),
      key,
      path.join(directory, 'data'),
    );

    const synthetic = await buildSite(generateSyntheticSite({ pages: 1250 }), { domain: 'synthetic' });
    const index = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact(synthetic.sectionRecords))));
    const terms = [
      'webhook retry',
      'rotate the secret token',
      'billing quota exceeded',
      'deploy region cache',
      'audit export backup',
      'stream metric alert trace',
      'how do I configure the schema',
      'permission to replay messages',
    ];
    for (let round = 0; round < 25; round += 1)
      for (const query of terms) search(index, `${query} ${round}`, { pageSize: 5 });
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

    const routes = [bareFigures, assistantFigures];
    printTable(
      `Serving (${CONNECTIONS} connections, ${DURATION_SECONDS}s each, same run); baseline = bare route streaming the same ${cannedBody.length} bytes`,
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio'],
      routes.map((figures) => [
        figures.route,
        figures.requestsPerSecond.toFixed(0),
        String(figures.p50Ms),
        String(figures.p99Ms),
        String(figures.errors),
        (figures.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(2),
      ]),
    );
    const bareMicroseconds = 1e6 / bareFigures.requestsPerSecond;
    const answerInProcess = stages.filter((row) => row.inAnswer).reduce((sum, row) => sum + row.microseconds, 0);
    const ceiling = 1e6 / (bareMicroseconds + answerInProcess);
    const bar = assistantFigures.requestsPerSecond / ceiling;
    printTable(
      `Serving bar: answered req/s ≥ ${SERVING_BAR} × the ceiling 1 / (t_bare_route + t_answer_in_process), both measured in this run`,
      [
        'bare route µs',
        'answer in process µs (retrieval + answer + encoding)',
        'ceiling req/s',
        'answered req/s',
        'ratio',
        'target',
        'met',
      ],
      [
        [
          bareMicroseconds.toFixed(0),
          answerInProcess.toFixed(0),
          ceiling.toFixed(0),
          assistantFigures.requestsPerSecond.toFixed(0),
          bar.toFixed(2),
          `≥ ${SERVING_BAR}`,
          String(bar >= SERVING_BAR),
        ],
      ],
    );
    const requestMicroseconds = 1e6 / assistantFigures.requestsPerSecond;
    const stageRows: StageCost[] = [
      { stage: 'HTTP: one request of the bare route (client included)', microseconds: bareMicroseconds },
      ...stages,
    ];
    const total = stageRows.filter((row) => !row.withinPrevious).reduce((sum, row) => sum + row.microseconds, 0);
    printTable(
      `Where one answered request goes (each stage timed alone in this process); an answered request takes ${requestMicroseconds.toFixed(0)} µs of the server at ${CONNECTIONS} connections`,
      ['stage', 'µs', 'share of an answered request'],
      [
        ...stageRows,
        { stage: 'sum', microseconds: total },
        {
          stage: 'rest: route plumbing, JSON schema, SSE framing, GC, client',
          microseconds: Math.max(0, requestMicroseconds - total),
        },
      ].map((row) => [
        row.stage,
        row.microseconds.toFixed(0),
        `${((row.microseconds / requestMicroseconds) * 100).toFixed(0)}%`,
      ]),
    );
    printTable(
      `Section retrieval on a generated 1,250-page site (${synthetic.sectionRecords.length} sections, ${timings.length} queries)`,
      ['p50 ms', 'p99 ms'],
      [[searchP50Ms.toFixed(2), searchP99Ms.toFixed(2)]],
    );
    return { routes, stages, searchP50Ms, searchP99Ms };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** What one stage of an answered request costs, in microseconds (mean over a timed loop, garbage collection included). */
export interface StageCost {
  stage: string;
  microseconds: number;
  /** Part of the stage above it, so not added to the sum. */
  withinPrevious?: boolean;
  /** Part of t_answer_in_process (retrieval, answer composition, stream encoding) in the serving bar. */
  inAnswer?: boolean;
}

/** Runs `work` repeatedly for about `milliseconds` and returns its mean cost in microseconds. */
async function meanMicroseconds(milliseconds: number, work: () => unknown): Promise<number> {
  for (let warmUp = 0; warmUp < 200; warmUp += 1) await work();
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < milliseconds) {
    await work();
    count += 1;
  }
  return ((performance.now() - started) * 1000) / count;
}

/** Reads a stream to its end. */
async function drain(stream: ReadableStream<unknown>): Promise<void> {
  const reader = stream.getReader();
  while (!(await reader.read()).done);
}

/**
 * The stages of one answered request, each timed alone in this process with the runtime's own components and
 * stores (SQLite in a temporary folder): key check, the three limit counters, retrieval, the answer through
 * `streamText` (and, inside it, the model's own stream), the thread write. Their sum against the time of an answered request
 * shows where the endpoint's time goes and what the serving bar leaves for each.
 */
async function measureStageCosts(index: SearchIndex, key: string, dataDir: string): Promise<StageCost[]> {
  const milliseconds = Math.min(2000, DURATION_SECONDS * 200);
  const question = QUESTION.messages[0]!.content;
  const keys = createKeyStore({ file: path.join(dataDir, 'keys.json') });
  const limiter = await createLimiter({
    store: 'sqlite',
    sqlitePath: path.join(dataDir, 'stages.sqlite'),
    limits: { perKeyPerMonth: 1e9, perOrgPerHour: 1e9, perIpPerDay: 1e9 },
  });
  const threads = createSqliteThreadStore(path.join(dataDir, 'stages-threads.sqlite'));
  const model = createExtractiveModel();
  const sources = sourcesFromResults(search(index, question, { pageSize: 5 }), { siteUrl: '', domain: 'ollama' });
  const prompt = buildAssistantPrompt({ question, sources });
  const modelPrompt: LanguageModelV3Prompt = [
    { role: 'system', content: prompt.system },
    { role: 'user', content: [{ type: 'text', text: prompt.prompt }] },
  ];
  const answerText = 'An answer of a few sentences [1]. '.repeat(4);
  const site = { domain: 'ollama', buildId: 'bench', siteName: 'Ollama', siteUrl: '', index, bytes: 0 };
  const body = QUESTION as AssistantRequestBody;
  const noStore = {
    resolveThread: async () => ({ threadId: 'thr_bench', isNew: true }),
    appendMessage: async () => undefined,
    recentMessages: async () => [],
  };
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  try {
    return [
      { stage: 'key check', microseconds: await meanMicroseconds(milliseconds, () => keys.verify(key, 'ollama')) },
      {
        stage: 'limits: three counters on SQLite',
        microseconds: await meanMicroseconds(milliseconds, () =>
          limiter.consume({ keyId: 'key', org: 'org', ip: '127.0.0.1' }),
        ),
      },
      {
        stage: "answer in process: answerQuestion (the route's use case) with the stores stubbed",
        inAnswer: true,
        microseconds: await meanMicroseconds(milliseconds, async () =>
          drain(
            (await answerQuestion({ site, body, protocol: 'data', model, sinks: { threads: noStore, log: silent } }))
              .stream.body,
          ),
        ),
      },
      {
        stage: '  of which retrieval (5 sources)',
        withinPrevious: true,
        microseconds: await meanMicroseconds(milliseconds, () =>
          sourcesFromResults(search(index, question, { pageSize: 5 }), { siteUrl: '', domain: 'ollama' }),
        ),
      },
      {
        stage: '  of which the answer: streamText over the extractive model, encoded',
        withinPrevious: true,
        microseconds: await meanMicroseconds(milliseconds, () =>
          drain(
            createAssistantStream({
              protocol: 'data',
              question,
              sources,
              threadId: 'thr_bench',
              messageId: 'msg_bench',
              model,
            }).body,
          ),
        ),
      },
      {
        stage: '  of which the model alone (doStream, no streamText)',
        microseconds: await meanMicroseconds(milliseconds, async () =>
          drain((await model.doStream({ prompt: modelPrompt })).stream),
        ),
        withinPrevious: true,
      },
      {
        stage: 'thread: resolve + write the exchange on SQLite',
        microseconds: await meanMicroseconds(milliseconds, async () => {
          const { threadId } = await threads.resolveThread({ domain: 'ollama', fingerprint: 'bench', threadId: null });
          await threads.appendMessage({
            threadId,
            domain: 'ollama',
            fingerprint: 'bench',
            message: { id: 'u1', role: 'user', text: question, sources: [] },
          });
          await threads.appendMessage({
            threadId,
            domain: 'ollama',
            fingerprint: 'bench',
            message: { id: 'a1', role: 'assistant', text: answerText, sources },
          });
        }),
      },
    ];
  } finally {
    await Promise.all([limiter.close(), threads.close()]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runServeBench();

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { printTable } from '../bench-helpers.ts';
import { measureDomainMemory } from './measure-domain-memory.ts';
import { publishServingSite } from './publish-serving-site.ts';
import { openBurst } from './stream-burst.ts';

const ANSWERS = Number(process.env.BENCH_MEMORY_ANSWERS ?? 4000);
const SAMPLE_EVERY = Math.max(1, Math.floor(ANSWERS / 8));
const BURST = Number(process.env.BENCH_BURST_STREAMS ?? 500);
const QUESTIONS = [
  'How do I increase the context window size?',
  'How do I run a model on the GPU?',
  'Which environment variables configure the server?',
  'How do I import a GGUF file?',
  'How do I stream a chat response?',
  'What is the default port?',
  'How do I create a Modelfile?',
];
const MiB = 1024 * 1024;

/** The server's memory at one moment (bytes): process.memoryUsage() plus /proc's resident anonymous and file-backed memory. */
interface MemorySample extends NodeJS.MemoryUsage {
  rssAnon: number;
  rssFile: number;
  peakRss: number;
}

/** A way to run the server: its name and the environment it adds. */
interface ServerSetting {
  name: string;
  environment: Record<string, string>;
}

/**
 * Settings compared in the same run: Node's defaults; glibc's malloc limited to two arenas (no difference measured:
 * the growth is V8's heap, not malloc); and V8's old generation capped (at 256 MiB, and at the image's 768 MiB).
 */
const SETTINGS: ServerSetting[] = [
  { name: 'defaults', environment: {} },
  { name: 'MALLOC_ARENA_MAX=2', environment: { MALLOC_ARENA_MAX: '2' } },
  ...[256, 768].map((mebibytes) => ({
    name: `--max-old-space-size=${mebibytes}`,
    environment: { NODE_OPTIONS: `--max-old-space-size=${mebibytes}` },
  })),
];

/**
 * Memory of the runtime over sequential answers and a burst (issue #30 item 17): starts the compiled `docsmith serve`
 * (run `npm run build` first) on one real site (the ollama corpus, else a generated 1,250-page site) once per
 * setting, answers ANSWERS questions one after the other, then BURST streams at once, then lets it idle 3 s and
 * collects garbage (the live heap); prints RSS, heap, external and arrayBuffers as it goes, and the settings side by side.
 */
export async function runMemoryBench(): Promise<Record<string, MemorySample[]>> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-memory-'));
  try {
    const { domain, pages } = await publishServingSite(path.join(directory, 'dist'));
    const outcome: Record<string, MemorySample[]> = {};
    const rows: string[][] = [];
    for (const setting of SETTINGS) {
      const data = path.join(directory, `data-${rows.length}`);
      const key = createKeyStore({ file: path.join(data, 'keys.json') }).create({
        domains: [domain],
        org: 'bench',
      }).key;
      const server = await startServer(path.join(directory, 'dist'), data, setting.environment);
      try {
        const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
        const body = (index: number) =>
          JSON.stringify({
            fp: `memory-${index % 50}`,
            messages: [{ role: 'user', content: `${QUESTIONS[index % QUESTIONS.length]} (${index})` }],
          });
        const samples: { label: string; memory: MemorySample }[] = [
          { label: 'started', memory: await server.memory() },
        ];
        let sequentialMs = 0;
        for (let index = 0; index < ANSWERS; index += 1) {
          const started = performance.now();
          const response = await fetch(`${server.url}/v1/assistant/${domain}/message`, {
            method: 'POST',
            headers,
            body: body(index),
          });
          await response.text();
          sequentialMs += performance.now() - started;
          if (index === 0) samples.push({ label: 'first answer (site loaded)', memory: await server.memory() });
          if ((index + 1) % SAMPLE_EVERY === 0)
            samples.push({ label: `${index + 1} answers`, memory: await server.memory() });
        }
        const answered = await openBurst(server.url, BURST, (index) => ({
          path: `/v1/assistant/${domain}/message`,
          headers,
          body: body(ANSWERS + index),
        })).answered;
        samples.push({ label: `burst of ${BURST} (${answered} answered)`, memory: await server.memory() });
        await new Promise((resolve) => setTimeout(resolve, 3000));
        samples.push({ label: 'idle 3 s', memory: await server.memory() });
        samples.push({ label: 'a full GC (live heap)', memory: await server.memory(true) });
        printTable(
          `Memory of docsmith serve (${setting.name}) over ${ANSWERS} sequential answers on ${domain} (${pages} pages), then a burst (MiB)`,
          ['after', 'RSS', 'anonymous', 'heap used', 'heap total', 'external', 'arrayBuffers'],
          samples.map(({ label, memory }) => [
            label,
            mib(memory.rss),
            mib(memory.rssAnon),
            mib(memory.heapUsed),
            mib(memory.heapTotal),
            mib(memory.external),
            mib(memory.arrayBuffers),
          ]),
        );
        outcome[setting.name] = samples.map((sample) => sample.memory);
        const [started, loaded, ...rest] = samples;
        const sequential = rest
          .filter((sample) => sample.label.endsWith(' answers'))
          .at(-1) as (typeof samples)[number];
        const [afterBurst, idle, collected] = rest.slice(-3) as [
          (typeof samples)[number],
          (typeof samples)[number],
          (typeof samples)[number],
        ];
        rows.push([
          setting.name,
          mib(started!.memory.rss),
          mib(loaded!.memory.rss),
          mib(sequential.memory.rss),
          mib(sequential.memory.heapTotal),
          mib(afterBurst.memory.rss),
          mib(idle.memory.rss),
          mib(collected.memory.rss),
          mib(collected.memory.heapUsed),
          mib(idle.memory.peakRss),
          ((ANSWERS * 1000) / sequentialMs).toFixed(0),
        ]);
      } finally {
        await server.stop();
      }
    }
    const perDomain = await measureDomainMemory(path.join(directory, 'domains'));
    printTable(
      'Memory per loaded domain (generated sites, loaded together in a fresh process through the artifact store; MiB)',
      [
        'pages',
        'domains loaded',
        'search.json',
        'live heap + external per domain',
        'RSS per domain',
        "store's estimate (its budget's measure)",
      ],
      perDomain.map((row) => [
        String(row.pages),
        String(row.domains),
        mib(row.searchBytes, 2),
        mib(row.heapPerDomain, 2),
        mib(row.rssPerDomain, 2),
        mib(row.estimatePerDomain, 2),
      ]),
    );
    printTable(
      `Memory side by side (MiB): RSS after each phase; the same site, questions and burst`,
      [
        'setting',
        'started',
        'site loaded',
        `${ANSWERS} answers`,
        'heap total then',
        'after burst',
        'idle 3 s',
        'after full GC',
        'live heap',
        'peak RSS',
        'answers/s (sequential)',
      ],
      rows,
    );
    return outcome;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function mib(bytes: number, digits = 0): string {
  return (bytes / MiB).toFixed(digits);
}

/** Starts the compiled `docsmith serve` with the memory reporter preloaded; resolves once it listens. */
async function startServer(
  artifacts: string,
  data: string,
  environment: Record<string, string>,
): Promise<{ url: string; memory(collectFirst?: boolean): Promise<MemorySample>; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      path.join(import.meta.dirname, 'report-memory.mjs'),
      path.resolve(import.meta.dirname, '../../bin/docsmith.js'),
      'serve',
      '--artifacts',
      artifacts,
      '--data',
      data,
      '--port',
      '0',
      '--limit-key-month',
      '1000000000',
      '--limit-org-hour',
      '1000000000',
      '--limit-ip-day',
      '1000000000',
    ],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: { ...process.env, NODE_ENV: 'production', ...environment } },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (address) resolve(address);
      if (output.length > 100_000) output = output.slice(-10_000);
    });
    child.once('exit', (code) => reject(new Error(`docsmith serve exited with ${code} (run npm run build first)`)));
  });
  child.stdout?.resume();
  return {
    url,
    memory: (collectFirst = false) =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as MemorySample));
        child.send(collectFirst ? 'memory-after-gc' : 'memory');
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await runMemoryBench();

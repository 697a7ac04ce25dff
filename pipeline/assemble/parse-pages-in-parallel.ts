import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { ParsedPage } from '../content/parsed-page.ts';
import { parsePage } from '../content/parse-page.ts';

/** A page file to parse. */
export interface PageFile {
  file: string;
  text: string;
}

/** Options of `parsePagesInParallel`. */
export interface ParallelParseOptions {
  /**
   * Threads parsing, this one included; 1 parses on this thread only. Default: the available parallelism (at
   * most 8) on machines with more than two cores, else 1 — on two cores a parse on one thread already keeps
   * ~1.6 cores busy (V8's concurrent GC and compiler threads), so a worker only adds its start-up cost.
   */
  threads?: number;
  /** Below this many pages the work stays on this thread, where a worker would not be ready before it is done (default 64). */
  minimumPagesForWorkers?: number;
  /** Whether this thread takes batches too (default true); false leaves all pages to the workers. */
  parseOnThisThread?: boolean;
  /** Called as pages finish, for a progress bar. */
  onProgress?: (done: number, total: number) => void;
}

/** Compiled (lib/), a worker runs the compiled loop; from the TypeScript sources (tests, benches), a plain-JS entry registers tsx first. */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './parse-pages-worker.js' : './parse-pages-worker-loop.js',
  import.meta.url,
);
const SNIPPET_FILE = /\.mdx?$/i;
/** Pages this thread parses alone between two turns of the event loop: a signal (Ctrl-C) or a request waits for no more. */
const PAGES_BETWEEN_TURNS = 16;

/**
 * Parses page files with `parsePage` on this thread and on worker threads at once: all of them take
 * batches from one queue, so this thread works while the workers start (starting one costs ~0.3 s) and a
 * small site never waits for them; parsing on this thread alone, it gives the event loop a turn every
 * `PAGES_BETWEEN_TURNS` pages. Each worker gets the Markdown/MDX files of the site once, for snippet
 * inlining. Results come back in input order and equal what `parsePage` returns on this thread.
 */
export async function parsePagesInParallel(
  pages: PageFile[],
  snippetFiles: ReadonlyMap<string, string>,
  options: ParallelParseOptions = {},
): Promise<ParsedPage[]> {
  const threads = Math.max(1, Math.min(options.threads ?? defaultThreads(), pages.length));
  const readSnippet = (file: string): string | undefined => snippetFiles.get(file);
  const results: ParsedPage[] = new Array(pages.length);
  let done = 0;
  const finish = (start: number, parsed: ParsedPage[]): void => {
    parsed.forEach((page, offset) => {
      results[start + offset] = page;
    });
    done += parsed.length;
    options.onProgress?.(done, pages.length);
  };
  if (threads === 1 || pages.length < (options.minimumPagesForWorkers ?? 64)) {
    for (const [index, page] of pages.entries()) {
      finish(index, [parsePage({ ...page, readSnippet })]);
      if ((index + 1) % PAGES_BETWEEN_TURNS === 0) await yieldToEvents();
    }
    return results;
  }

  const batchSize = Math.max(4, Math.ceil(pages.length / (threads * 16)));
  let next = 0;
  const takeBatch = (): { start: number; pages: PageFile[] } | undefined => {
    if (next >= pages.length) return undefined;
    const start = next;
    next = Math.min(pages.length, next + batchSize);
    return { start, pages: pages.slice(start, next) };
  };
  const workerFiles = new Map([...snippetFiles].filter(([file]) => SNIPPET_FILE.test(file)));
  const workers: Worker[] = [];
  let failure: Error | undefined;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  const settle = (): void => {
    if (done === pages.length || failure) allDone();
  };
  for (let count = 1; count < threads; count += 1) {
    const worker = new Worker(WORKER_URL, { workerData: { snippetFiles: workerFiles } });
    workers.push(worker);
    const send = (): void => {
      const batch = takeBatch();
      if (batch) worker.postMessage(batch);
    };
    worker.on('message', (message: { ready?: true; start: number; parsed: ParsedPage[] }) => {
      if (!message.ready) finish(message.start, message.parsed);
      send();
      settle();
    });
    worker.once('error', (error) => {
      failure = error;
      settle();
    });
  }
  try {
    for (
      let batch = options.parseOnThisThread === false ? undefined : takeBatch();
      batch && !failure;
      batch = takeBatch()
    ) {
      finish(
        batch.start,
        batch.pages.map((page) => parsePage({ ...page, readSnippet })),
      );
      await yieldToEvents();
    }
    settle();
    await finished;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  if (failure) throw failure;
  return results;
}

function defaultThreads(): number {
  const cores = availableParallelism();
  return cores > 2 ? Math.min(cores, 8) : 1;
}

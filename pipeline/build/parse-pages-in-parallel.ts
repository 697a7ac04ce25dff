import { availableParallelism } from 'node:os';
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
  /** Worker threads to use (default: one less than the available parallelism, at most 8; one means this thread, as starting workers costs more than it saves on two cores). */
  threads?: number;
  /** Below this many pages the work stays on this thread, where starting workers would cost more (default 64). */
  minimumPagesForWorkers?: number;
  /** Called as pages finish, for a progress bar. */
  onProgress?: (done: number, total: number) => void;
}

const WORKER_URL = new URL('./parse-pages-worker.js', import.meta.url);

/**
 * Parses page files with `parsePage`, spread over worker threads. Each worker gets every file of the site
 * it may need to inline (`snippetFiles`) once, then batches of pages; results come back in input order and
 * equal what `parsePage` returns on this thread.
 */
export async function parsePagesInParallel(pages: PageFile[], snippetFiles: ReadonlyMap<string, string>, options: ParallelParseOptions = {}): Promise<ParsedPage[]> {
  const threads = Math.max(1, Math.min(options.threads ?? Math.min(availableParallelism() - 1, 8), pages.length));
  if (threads === 1 || pages.length < (options.minimumPagesForWorkers ?? 64)) {
    return pages.map((page, index) => {
      const parsed = parsePage({ ...page, readSnippet: (file) => snippetFiles.get(file) });
      options.onProgress?.(index + 1, pages.length);
      return parsed;
    });
  }
  const results: ParsedPage[] = new Array(pages.length);
  const batchSize = Math.max(8, Math.ceil(pages.length / (threads * 8)));
  let next = 0;
  let done = 0;
  const runWorker = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(WORKER_URL, { workerData: { snippetFiles } });
      const sendBatch = (): void => {
        if (next >= pages.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const start = next;
        next = Math.min(pages.length, next + batchSize);
        worker.postMessage({ start, pages: pages.slice(start, next) });
      };
      worker.on('message', (message: { start: number; parsed: ParsedPage[] }) => {
        message.parsed.forEach((parsed, offset) => {
          results[message.start + offset] = parsed;
        });
        done += message.parsed.length;
        options.onProgress?.(done, pages.length);
        sendBatch();
      });
      worker.once('error', reject);
      sendBatch();
    });
  await Promise.all(Array.from({ length: threads }, runWorker));
  return results;
}

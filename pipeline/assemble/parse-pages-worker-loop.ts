import { parentPort, workerData } from 'node:worker_threads';
import type { ParsedPage } from '../content/parsed-page.ts';
import { parsePage } from '../content/parse-page.ts';
import type { PageFile } from './parse-pages-in-parallel.ts';

const snippetFiles = (workerData as { snippetFiles: Map<string, string> }).snippetFiles;
const readSnippet = (file: string): string | undefined => snippetFiles.get(file);

parentPort?.on('message', (batch: { start: number; pages: PageFile[] }) => {
  const parsed: ParsedPage[] = batch.pages.map((page) => parsePage({ ...page, readSnippet }));
  parentPort?.postMessage({ start: batch.start, parsed });
});
parentPort?.postMessage({ ready: true });

import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildDirectory } from '../../contract/artifact-layout.ts';

/** A page a reader can reach in the navigation of a build. */
export interface NavigationPage {
  path: string;
  title: string;
  version?: string;
  language?: string;
}

/** Plain JavaScript run by the worker: reads and parses the manifest, and posts back only its navigation pages (both manifest formats list them alike). */
const NAVIGATION_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
try {
  const manifest = JSON.parse(readFileSync(workerData, 'utf8'));
  const pages = (Array.isArray(manifest && manifest.pages) ? manifest.pages : [])
    .filter((page) => page && page.inNavigation === true && page.hidden !== true && typeof page.path === 'string')
    .map((page) => {
      const context = page.context || {};
      return { path: page.path, title: String(page.title ?? page.path), ...(context.version ? { version: context.version } : {}), ...(context.language ? { language: context.language } : {}) };
    });
  parentPort.postMessage({ pages });
} catch (error) {
  parentPort.postMessage({ error: error instanceof SyntaxError ? 'manifest.json is not valid JSON' : String(error.code || error.message) });
}
`;

/** Builds whose navigation pages are kept in memory (a dashboard moves between a few domains). */
const CACHED_BUILDS = 8;

/**
 * Reads the navigation pages of published builds (in navigation, not hidden), in manifest order, each build once:
 * the manifest is parsed on a short-lived worker thread, as large manifests must not hold the event loop.
 */
export function createNavigationPagesReader(
  artifactsDir: string,
): (domain: string, buildId: string) => Promise<NavigationPage[]> {
  const cache = new Map<string, Promise<NavigationPage[]>>();
  return (domain, buildId) => {
    const key = `${domain}/${buildId}`;
    let pages = cache.get(key);
    if (!pages) {
      pages = pagesOnWorker(path.join(buildDirectory(path.join(artifactsDir, domain), buildId), 'manifest.json'));
      pages.catch(() => cache.delete(key));
      cache.set(key, pages);
      if (cache.size > CACHED_BUILDS) cache.delete(cache.keys().next().value as string);
    }
    return pages;
  };
}

function pagesOnWorker(file: string): Promise<NavigationPage[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(NAVIGATION_WORKER, { eval: true, workerData: file });
    worker.once('message', (message: { pages?: NavigationPage[]; error?: string }) => {
      if (message.pages) resolve(message.pages);
      else reject(new Error(`cannot read the navigation of ${file}: ${message.error ?? 'unknown error'}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the manifest worker stopped (exit code ${code})`)));
  });
}

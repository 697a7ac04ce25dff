import { readFile, stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

/** What the runtime needs of a build's manifest.json. */
export interface ManifestSummary {
  formatVersion?: unknown;
  buildId?: unknown;
  site?: { name?: unknown; url?: unknown; colors?: unknown };
  searchSha256?: unknown;
  /** Bytes of manifest.json. */
  bytes: number;
}

/** Manifests larger than this are parsed on a worker thread (default 1 MB): parsing tens of MB would hold the event loop. */
const INLINE_PARSE_LIMIT_BYTES = 1024 * 1024;

/** Plain JavaScript run by the worker: reads and parses the manifest, and posts back only the summary. */
const SUMMARY_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
try {
  const manifest = JSON.parse(readFileSync(workerData, 'utf8'));
  parentPort.postMessage({ summary: { formatVersion: manifest?.formatVersion, buildId: manifest?.buildId, site: { name: manifest?.site?.name, url: manifest?.site?.url, colors: manifest?.site?.colors }, searchSha256: manifest?.artifacts?.search?.sha256 } });
} catch (error) {
  parentPort.postMessage({ error: error instanceof SyntaxError ? 'invalid' : String(error.code || error.message) });
}
`;

/** Thrown when manifest.json cannot be read (`code` is the file system's) or is not JSON (`code` is 'invalid'). */
export class ManifestReadError extends Error {
  override name = 'ManifestReadError';
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * Reads the summary of a manifest.json: small ones on this thread, large ones (many pages) on a short-lived worker
 * thread, so that loading a large site never holds the event loop of a serving process.
 */
export async function readManifestSummary(file: string): Promise<ManifestSummary> {
  const size = await stat(file).then(
    (info) => info.size,
    (error: NodeJS.ErrnoException) => Promise.reject(new ManifestReadError(error.code ?? error.message)),
  );
  if (size > INLINE_PARSE_LIMIT_BYTES) return { ...(await summaryOnWorker(file)), bytes: size };
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) =>
    Promise.reject(new ManifestReadError(error.code ?? error.message)),
  );
  let manifest: {
    formatVersion?: unknown;
    buildId?: unknown;
    site?: { name?: unknown; url?: unknown; colors?: unknown };
    artifacts?: { search?: { sha256?: unknown } };
  };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch {
    throw new ManifestReadError('invalid');
  }
  return {
    formatVersion: manifest?.formatVersion,
    buildId: manifest?.buildId,
    site: { name: manifest?.site?.name, url: manifest?.site?.url, colors: manifest?.site?.colors },
    searchSha256: manifest?.artifacts?.search?.sha256,
    bytes: size,
  };
}

function summaryOnWorker(file: string): Promise<Omit<ManifestSummary, 'bytes'>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SUMMARY_WORKER, { eval: true, workerData: file });
    worker.once('message', (message: { summary?: Omit<ManifestSummary, 'bytes'>; error?: string }) => {
      if (message.summary) resolve(message.summary);
      else reject(new ManifestReadError(message.error ?? 'invalid'));
    });
    worker.once('error', (error) => reject(new ManifestReadError(error.message)));
    worker.once('exit', (code) => reject(new ManifestReadError(`worker exited with ${code}`)));
  });
}

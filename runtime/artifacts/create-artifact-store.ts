import { DOMAIN_NAME } from '../../contract/domain-name.ts';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { unreadableFormat } from '../../contract/artifact-format.ts';
import { buildDirectory, readCurrentBuildId } from '../../contract/artifact-layout.ts';
import { MANIFEST_FORMAT_VERSION } from '../../schemas/manifest.ts';
import { loadSearchIndexTextInSlices, type SearchIndex } from '../search/index.ts';
import { hashInSlices } from './hash-in-slices.ts';
import { readBuildFile } from './read-build-file.ts';
import { ManifestReadError, readManifestSummary, type ManifestSummary } from './read-manifest-summary.ts';

/** What the runtime needs of a published build, loaded and verified. */
export interface LoadedSite {
  domain: string;
  buildId: string;
  siteName: string;
  /** Public base URL of the site (no trailing slash); '' when unset: source links stay root-relative. */
  siteUrl: string;
  /** docs.json `colors` (`primary`, `light`, `dark`; hex), the strings only; for the widget (none when the manifest has none). */
  colors?: Record<string, string>;
  index: SearchIndex;
  /** Bytes of the artifact files, the LRU's measure of its memory. */
  bytes: number;
}

/** A published build that cannot be used (missing file, hash mismatch, bad JSON or format). */
export class ArtifactError extends Error {
  override name = 'ArtifactError';
}

/** Serves published builds of many domains from one artifacts folder. */
export interface ArtifactStore {
  /** The current build of a domain; undefined when the domain has no published build folder. Throws ArtifactError when it has none usable. */
  get(domain: string): Promise<LoadedSite | undefined>;
  /** True when at least one domain has a readable published build. */
  isReady(): Promise<boolean>;
  /** Domains currently held in memory. */
  loadedDomains(): string[];
  /** A text file of a site's build (`llms.txt`, `pages/guides/setup.md`); undefined when it has none of that name inside its folder. */
  readBuildFile(site: LoadedSite, file: string): Promise<string | undefined>;
}

/** Options of `createArtifactStore`. */
export interface ArtifactStoreOptions {
  root: string;
  /** Memory the loaded artifacts may take, estimated from their size (default: defaultArtifactMemoryBytes()). */
  memoryBudgetBytes?: number;
  /** How often (ms) a domain's `current` pointer is re-read to pick up a new release (default 1000). */
  pollMs?: number | undefined;
  /** Called when a new build is refused (the previous one is kept). */
  onRejectedBuild?: (domain: string, buildId: string, reason: string) => void;
  /** Called once a site is loaded that the memory budget cannot hold (default: nothing): it is kept anyway, alone above the budget. */
  onOversizedSite?: (domain: string, neededBytes: number, budgetBytes: number) => void;
}

interface Entry {
  site: LoadedSite;
  checkedAt: number;
  /** A newer build `current` names that did not load, and when it was last tried. */
  rejected?: { buildId: string; at: number };
}

/** How long a build that did not load is not tried again (a sync may still be copying it). */
const REJECTED_RETRY_MS = 30_000;

const MiB = 1024 * 1024;

/**
 * The artifacts' memory budget when none is given: half of V8's heap limit, between 64 and 512 MiB. Capping the heap
 * (`NODE_OPTIONS=--max-old-space-size=…`, as the Docker image does) so bounds the process, and the loaded artifacts
 * leave the other half to answering; with Node's default limit (gigabytes) it is 512 MiB, as before.
 */
export function defaultArtifactMemoryBytes(heapLimitBytes = getHeapStatistics().heap_size_limit): number {
  return Math.min(512 * MiB, Math.max(64 * MiB, Math.floor(heapLimitBytes / 2)));
}

/** Parsed JSON takes several times its byte size in memory. */
const MEMORY_PER_BYTE = 4;

/**
 * Loads published builds lazily on first request, verifies them (the current manifest and search formats only,
 * folder name = manifest.buildId, search.json sha256 = manifest.artifacts.search.sha256, hashed in slices, parsed a
 * line at a time) and keeps them in an LRU bounded by a memory budget. A new
 * release is picked up when `current` changes, swapped atomically (requests holding the old one finish
 * on it); a corrupt new build is refused and the previous one kept, the new one tried again every 30 s (a sync may
 * have been copying it); a domain whose folder or `current` is removed is served no more. A site the whole budget
 * cannot hold is kept anyway, the last such one beside the LRU (`onOversizedSite`). Ready means a published build
 * loads.
 */
export function createArtifactStore(options: ArtifactStoreOptions): ArtifactStore {
  const pollMs = options.pollMs ?? 1000;
  const budget = options.memoryBudgetBytes ?? defaultArtifactMemoryBytes();
  const sizeOf = (entry: Entry): number => Math.max(1, entry.site.bytes * MEMORY_PER_BYTE);
  const lru = new LRUCache<string, Entry>({ maxSize: budget, sizeCalculation: sizeOf });
  /** The last loaded site the budget cannot hold: kept beside the LRU, else it would be read again for every request. */
  let oversized: { domain: string; entry: Entry } | undefined;
  const cache = {
    get: (domain: string): Entry | undefined =>
      lru.get(domain) ?? (oversized?.domain === domain ? oversized.entry : undefined),
    set(domain: string, entry: Entry): void {
      if (oversized?.domain === domain) oversized = undefined;
      if (sizeOf(entry) <= budget) {
        lru.set(domain, entry);
        return;
      }
      lru.delete(domain);
      oversized = { domain, entry };
      options.onOversizedSite?.(domain, sizeOf(entry), budget);
    },
    delete(domain: string): void {
      lru.delete(domain);
      if (oversized?.domain === domain) oversized = undefined;
    },
    domains: (): string[] => [...lru.keys(), ...(oversized ? [oversized.domain] : [])],
  };
  /** Builds that did not load for a domain with nothing loaded, and when: not read again for every request. */
  const failed = new Map<string, { buildId: string; at: number; reason: string }>();
  const pending = new Map<string, Promise<LoadedSite | undefined>>();

  const readPointer = (domain: string): Promise<string | undefined> =>
    readCurrentBuildId(path.join(options.root, domain));

  const refresh = async (domain: string): Promise<LoadedSite | undefined> => {
    const entry = cache.get(domain);
    const buildId = await readPointer(domain);
    if (!buildId) {
      // Unpublished (the folder or its `current` removed): served no more, as a replica started now would not. A
      // pointer that is there but cannot be read now (edited by hand, out of file handles) keeps the build served.
      const removed = await stat(path.join(options.root, domain, 'current')).then(
        () => false,
        (error: NodeJS.ErrnoException) => error.code === 'ENOENT' || error.code === 'ENOTDIR',
      );
      if (entry && !removed) return entry.site;
      cache.delete(domain);
      const exists = await stat(path.join(options.root, domain)).catch(() => undefined);
      if (!exists?.isDirectory()) return undefined;
      throw new ArtifactError(`domain ${domain} has no published build`);
    }
    const rejectedLately = entry?.rejected?.buildId === buildId && Date.now() - entry.rejected.at < REJECTED_RETRY_MS;
    if (entry && (entry.site.buildId === buildId || rejectedLately)) {
      entry.checkedAt = Date.now();
      return entry.site;
    }
    const failure = failed.get(domain);
    if (!entry && failure?.buildId === buildId && Date.now() - failure.at < REJECTED_RETRY_MS)
      throw new ArtifactError(failure.reason);
    try {
      const site = await loadBuild(options.root, domain, buildId);
      cache.set(domain, { site, checkedAt: Date.now() });
      failed.delete(domain);
      return site;
    } catch (error) {
      const reason = (error as Error).message;
      options.onRejectedBuild?.(domain, buildId, reason);
      if (entry) {
        entry.rejected = { buildId, at: Date.now() };
        entry.checkedAt = Date.now();
        return entry.site;
      }
      failed.set(domain, { buildId, at: Date.now(), reason });
      throw new ArtifactError(reason);
    }
  };

  const get = async (domain: string): Promise<LoadedSite | undefined> => {
    if (!DOMAIN_NAME.test(domain)) return undefined;
    const entry = cache.get(domain);
    if (entry && Date.now() - entry.checkedAt < pollMs) return entry.site;
    let loading = pending.get(domain);
    if (!loading) {
      loading = refresh(domain).finally(() => pending.delete(domain));
      pending.set(domain, loading);
    }
    return loading;
  };

  return {
    get,
    async isReady() {
      if (cache.domains().length > 0) return true;
      // Ready once a published build loads: a `current` naming a missing or corrupt build is no build to serve.
      const domains = await readdir(options.root).catch(() => [] as string[]);
      for (const domain of domains) {
        if (!DOMAIN_NAME.test(domain) || !(await readPointer(domain))) continue;
        if (await get(domain).catch(() => undefined)) return true;
      }
      return false;
    },
    loadedDomains() {
      return cache.domains();
    },
    readBuildFile: (site, file) => readBuildFile(options.root, site, file),
  };
}

async function loadBuild(root: string, domain: string, buildId: string): Promise<LoadedSite> {
  const directory = buildDirectory(path.join(root, domain), buildId);
  let manifest: ManifestSummary;
  let searchBytes: Buffer;
  try {
    [manifest, searchBytes] = await Promise.all([
      readManifestSummary(path.join(directory, 'manifest.json')),
      readFile(path.join(directory, 'search.json')),
    ]);
  } catch (error) {
    if (error instanceof ManifestReadError && error.code === 'invalid')
      throw new ArtifactError(`build ${buildId} of ${domain}: manifest.json is not valid JSON`);
    throw new ArtifactError(
      `build ${buildId} of ${domain} is incomplete: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const unreadable = unreadableFormat('manifest.json', manifest.formatVersion, MANIFEST_FORMAT_VERSION);
  if (unreadable) throw new ArtifactError(`build ${buildId} of ${domain}: ${unreadable}`);
  if (manifest.buildId !== buildId)
    throw new ArtifactError(`build ${buildId} of ${domain}: manifest names build ${String(manifest.buildId)}`);
  if ((await hashInSlices(searchBytes)) !== manifest.searchSha256)
    throw new ArtifactError(`build ${buildId} of ${domain}: search.json does not match its checksum`);
  let index: SearchIndex;
  try {
    await yieldToEvents();
    index = await loadSearchIndexTextInSlices(searchBytes);
  } catch (error) {
    throw new ArtifactError(`build ${buildId} of ${domain}: ${(error as Error).message}`);
  }
  return {
    domain,
    buildId,
    siteName: typeof manifest.site?.name === 'string' ? manifest.site.name : domain,
    siteUrl: typeof manifest.site?.url === 'string' ? manifest.site.url.replace(/\/+$/, '') : '',
    colors: stringMembers(manifest.site?.colors),
    index,
    bytes: manifest.bytes + searchBytes.length,
  };
}

/** The string members of a JSON object (none for anything else). */
function stringMembers(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

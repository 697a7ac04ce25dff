import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { createArtifactStore } from '../../runtime/artifacts/create-artifact-store.ts';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { printTable } from '../bench-helpers.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';
import { generateVersionedSite } from '../synthetic-versioned-site.ts';

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 1000);
const PAGES_PER_SITE = 8;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);

/** Memory and latency of one runtime process serving many domains. */
export interface DomainsFigures {
  domains: number;
  peakRssMiB: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  coldLoadMs: number;
  /** First answer of the large versioned domain (its load included), ms. */
  largeFirstAnswerMs: number;
  /** Slowest answer of a small domain while the large one loads, ms. */
  othersWorstMs: number;
}

/** The serving process's event loop may stall this long while a large domain loads (issue #14). */
const STALL_TARGET_MS = 50;
const LARGE_DOMAIN = 'versioned';

/**
 * Builds and publishes DOMAINS generated sites, starts `docsmith serve` on them in a child process, spreads
 * assistant requests over every domain with autocannon, and prints the server's peak RSS (VmHWM) and
 * latency, plus the cold-load time of one artifact.
 */
export async function runDomainsBench(): Promise<DomainsFigures> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-domains-'));
  const artifacts = path.join(directory, 'dist');
  try {
    const domains = Array.from({ length: DOMAINS }, (_, index) => `site-${String(index).padStart(4, '0')}`);
    for (const [index, domain] of domains.entries()) {
      const result = await buildSite(
        generateSyntheticSite({ pages: PAGES_PER_SITE, copiedShare: 0, seed: index + 1, name: domain }),
        { domain },
      );
      await writeBuildDirectory(path.join(artifacts, domain), result.manifest!.buildId, result.files);
      await publishBuild(path.join(artifacts, domain), result.manifest!.buildId);
    }
    const started = performance.now();
    await createArtifactStore({ root: artifacts }).get(domains[0] as string);
    const coldLoadMs = performance.now() - started;

    const large = await buildSite(generateVersionedSite(), { domain: LARGE_DOMAIN });
    await writeBuildDirectory(path.join(artifacts, LARGE_DOMAIN), large.manifest!.buildId, large.files);
    await publishBuild(path.join(artifacts, LARGE_DOMAIN), large.manifest!.buildId);

    const key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
      domains: [...domains, LARGE_DOMAIN],
      org: 'bench',
    }).key;
    const port = 18_000 + Math.floor(Math.random() * 1000);
    const server = spawn(
      process.execPath,
      [
        path.resolve(import.meta.dirname, '../../bin/docsmith.js'),
        'serve',
        '--artifacts',
        artifacts,
        '--data',
        path.join(directory, 'data'),
        '--port',
        String(port),
      ],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if (
          await fetch(`${baseUrl}/healthz`)
            .then((response) => response.ok)
            .catch(() => false)
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      let next = 0;
      const outcome = await autocannon({
        url: baseUrl,
        connections: 10,
        duration: DURATION_SECONDS,
        requests: [
          {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              path: `/v1/assistant/${domains[next++ % domains.length]}/message`,
              body: JSON.stringify({
                fp: 'bench',
                messages: [{ role: 'user', content: 'How do I rotate the webhook secret?' }],
              }),
            }),
          },
        ],
      });
      const { largeFirstAnswerMs, othersWorstMs } = await loadLargeDomainWhileAnswering(baseUrl, key, domains);
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      const peakKiB = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const figures: DomainsFigures = {
        domains: DOMAINS,
        peakRssMiB: peakKiB / 1024,
        p50Ms: outcome.latency.p50,
        p99Ms: outcome.latency.p99,
        requestsPerSecond: outcome.requests.average,
        coldLoadMs,
        largeFirstAnswerMs,
        othersWorstMs,
      };
      printTable(
        `Many domains: ${DOMAINS} generated sites (${PAGES_PER_SITE} pages each) served by one process, requests spread over all of them`,
        ['domains', 'peak RSS MiB', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'cold load of one artifact ms'],
        [
          [
            String(DOMAINS),
            figures.peakRssMiB.toFixed(0),
            figures.requestsPerSecond.toFixed(0),
            String(figures.p50Ms),
            String(figures.p99Ms),
            String(outcome.errors + outcome.non2xx),
            coldLoadMs.toFixed(1),
          ],
        ],
      );
      printTable(
        `A large domain loads while the others answer: the versioned site (${large.manifest!.pages.length} pages, 4 languages × 35 versions) is first requested while one client keeps asking small domains, one request at a time`,
        [
          'first answer of the large domain ms (load included)',
          'slowest small-domain answer meanwhile ms',
          'target',
          'met',
        ],
        [
          [
            largeFirstAnswerMs.toFixed(0),
            othersWorstMs.toFixed(0),
            `≤ ${STALL_TARGET_MS} (a stall of the event loop)`,
            String(othersWorstMs <= STALL_TARGET_MS),
          ],
        ],
      );
      return figures;
    } finally {
      server.kill('SIGTERM');
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Asks the large domain once (its first request loads it) while another client asks small domains one request at a
 * time; resolves to the large domain's first answer time and the slowest small-domain answer meanwhile, which bounds
 * how long the server's event loop was held.
 */
async function loadLargeDomainWhileAnswering(
  baseUrl: string,
  key: string,
  domains: string[],
): Promise<{ largeFirstAnswerMs: number; othersWorstMs: number }> {
  const ask = async (domain: string): Promise<number> => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/v1/assistant/${domain}/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        fp: 'bench',
        messages: [{ role: 'user', content: 'How do I rotate the webhook secret?' }],
      }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${domain}: HTTP ${response.status}`);
    return performance.now() - started;
  };
  for (const domain of domains.slice(0, 20)) await ask(domain);
  let loading = true;
  const large = ask(LARGE_DOMAIN).finally(() => (loading = false));
  let othersWorstMs = 0;
  for (let next = 0; loading; next += 1)
    othersWorstMs = Math.max(othersWorstMs, await ask(domains[next % 20] as string));
  return { largeFirstAnswerMs: await large, othersWorstMs };
}

if (import.meta.url === `file://${process.argv[1]}`) await runDomainsBench();

import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { createPageParser } from '../../cli/create-page-parser.ts';
import { openPageCache } from '../../cli/page-cache.ts';
import { buildSite } from '../../pipeline/build/build-site.ts';
import { parsePageTree } from '../../pipeline/content/parse-page-tree.ts';
import { loadSite } from '../../pipeline/site/load-site.ts';
import type { SiteSource } from '../../pipeline/site/site-source.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';
import { CORPORA, corpusPath, median, printTable, timed } from '../bench-helpers.ts';

/** Figures of one site: the bare parse baseline and docsmith's builds, in milliseconds. */
export interface BuildBenchRow {
  site: string;
  pages: number;
  bareParseMs: number;
  singleThreadBuildMs: number;
  parallelBuildMs: number;
  warmRebuildMs: number;
}

/** Timed runs per figure; the bare parse and the builds alternate so that heap and JIT state weigh on each alike. */
const RUNS = 5;
/** Untimed rounds first, so that no figure carries the JIT's warm-up (the first site would otherwise pay it alone). */
const WARM_UP_ROUNDS = 2;

/**
 * Measures, per shared corpus and for a generated ~1,250-page site: (a) parsing every page file once with
 * the same unified processors, bare; (b) `buildSite` end to end on one thread and with worker threads;
 * (c) a rebuild after one page changed, with the content-hash cache. Prints ratios against (a). The
 * multi-thread column always uses every core (the CLI's default is one thread on two cores).
 */
export async function runBuildBench(): Promise<BuildBenchRow[]> {
  const sites: [string, SiteSource][] = [];
  for (const corpus of CORPORA) sites.push([corpus, await readSiteSource(corpusPath(corpus))]);
  sites.push(['synthetic-1250', generateSyntheticSite({ pages: 1250 })]);
  const rows: BuildBenchRow[] = [];
  for (const [name, source] of sites) rows.push(await benchSite(name, source));
  printTable(
    `Build throughput (median of ${RUNS} runs, ${availableParallelism()} cores); baseline = bare parse of every page file once`,
    ['site', 'pages', 'bare parse ms', '1-thread build ms', 'ratio', `${availableParallelism()}-thread build ms`, 'ratio', 'rebuild 1 page ms', '% of 1-thread cold'],
    rows.map((row) => [
      row.site,
      String(row.pages),
      row.bareParseMs.toFixed(0),
      row.singleThreadBuildMs.toFixed(0),
      (row.singleThreadBuildMs / row.bareParseMs).toFixed(2),
      row.parallelBuildMs.toFixed(0),
      (row.parallelBuildMs / row.bareParseMs).toFixed(2),
      row.warmRebuildMs.toFixed(0),
      `${((row.warmRebuildMs / row.singleThreadBuildMs) * 100).toFixed(1)}%`,
    ]),
  );
  return rows;
}

async function benchSite(name: string, source: SiteSource): Promise<BuildBenchRow> {
  const pageFiles = loadSite(source).pageFiles;
  const bareParse = (): void => {
    for (const file of pageFiles) parsePageTree(file, source.files.get(file) ?? '');
  };
  const build = (threads: number) => () => buildSite(source, { domain: name, parsePages: createPageParser({ files: source.files, threads }) });
  const variants = [bareParse, build(1), build(availableParallelism())];
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) for (const variant of variants) await variant();
  const runs = variants.map((): number[] => []);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [position, variant] of variants.entries()) runs[position]!.push(...(await timed(1, variant)));
  }
  const [bare, single, parallel] = runs.map(median) as [number, number, number];

  const cacheDir = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-cache-'));
  try {
    const coldCache = await openPageCache(cacheDir, 'bench');
    await buildSite(source, { domain: name, prepareTerms: coldCache.prepareTerms, parsePages: createPageParser({ files: source.files, cache: coldCache }) });
    await coldCache.save();
    const changedFile = pageFiles[Math.floor(pageFiles.length / 2)] as string;
    const changed: SiteSource = { files: new Map(source.files).set(changedFile, `${source.files.get(changedFile)}\n\nOne more paragraph.\n`) };
    const warm = median(await timed(RUNS, async () => {
      const cache = await openPageCache(cacheDir, 'bench');
      await buildSite(changed, { domain: name, prepareTerms: cache.prepareTerms, parsePages: createPageParser({ files: changed.files, cache }) });
    }));
    return { site: name, pages: pageFiles.length, bareParseMs: bare, singleThreadBuildMs: single, parallelBuildMs: parallel, warmRebuildMs: warm };
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runBuildBench();

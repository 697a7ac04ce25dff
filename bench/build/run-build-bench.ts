import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { fileCacheStorage } from '../../cli/file-cache-storage.ts';
import { createPageParser } from '../../pipeline/assemble/create-page-parser.ts';
import { openPageCache } from '../../pipeline/assemble/page-cache.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { parsePageTree } from '../../pipeline/content/parse-page-tree.ts';
import { loadSite } from '../../pipeline/site/load-site.ts';
import type { SiteSource } from '../../pipeline/site/site-source.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';
import { generateVersionedSite } from '../synthetic-versioned-site.ts';
import { CORPORA, corpusPath, median, printTable, timed } from '../bench-helpers.ts';
import { measureColdProcess } from './measure-cold-process.ts';
import { locateUnseenSites, readUnseenQuestionSet, UNSEEN_SITES_VARIABLE } from '../retrieval/unseen-sites.ts';

/** Figures of one site: the bare parse baseline and docsmith's builds, in milliseconds. */
export interface BuildBenchRow {
  site: string;
  pages: number;
  /** Page files the bare parse reads: all of them, or one per distinct text for a site that copies pages per version. */
  parsedFiles: number;
  bareParseMs: number;
  singleThreadBuildMs: number;
  /** Process CPU time (this thread and V8's helper threads) of the bare parse and of the one-thread build. */
  bareParseCpuMs: number;
  singleThreadBuildCpuMs: number;
  parallelBuildMs: number;
  warmRebuildMs: number;
}

/** Timed runs per figure; the bare parse and the builds alternate so that heap and JIT state weigh on each alike. */
const RUNS = 5;
/** Untimed rounds first, so that no figure carries the JIT's warm-up (the first site would otherwise pay it alone). */
const WARM_UP_ROUNDS = 2;
/** The versioned site takes seconds a build: fewer warm-up rounds. */
const VERSIONED_RUNS = 5;
const VERSIONED_WARM_UP_ROUNDS = 1;
/** Whole-process runs of the cold build figure. */
const COLD_PROCESS_RUNS = 3;
/** The build's targets against its bare parse (issue #14). */
const BUILD_TARGET = 1.25;

/**
 * Measures, per shared corpus and for a generated ~1,250-page site: (a) parsing every page file once with
 * the same unified processors, bare; (b) `buildSite` end to end on one thread and with worker threads;
 * (c) a rebuild after one page changed, with the content-hash cache. Prints ratios against (a). The
 * multi-thread column always uses every core (the CLI's default is one thread on two cores). The generated
 * 4 × 35-version site's baseline parses its distinct page files only, once each. Then (d): whole cold processes,
 * `docsmith build --no-cache` against a bare parse of the same files (wall and CPU time), on mcp, the generated flat site
 * and, with DOCSMITH_BENCH_UNSEEN_SITES, the two largest held-out sites (dify, flexprice).
 * `sites` (default: all) keeps only the sites whose name contains one of its words (`versioned`, `mcp`); the cold-process
 * rows are named `cold-mcp`, `cold-synthetic-1250`, `cold-dify` and `cold-flexprice` (`build cold-mcp` runs that row alone).
 */
export async function runBuildBench(sites: string[] = []): Promise<BuildBenchRow[]> {
  const wanted = (name: string): boolean => sites.length === 0 || sites.some((word) => name.includes(word));
  const rows: BuildBenchRow[] = [];
  for (const corpus of CORPORA.filter(wanted))
    rows.push(
      await benchSite(corpus, await readSiteSource(corpusPath(corpus)), {
        distinctOnly: false,
        runs: RUNS,
        warmUps: WARM_UP_ROUNDS,
      }),
    );
  const flat = generateSyntheticSite({ pages: 1250 });
  if (wanted('synthetic-1250'))
    rows.push(await benchSite('synthetic-1250', flat, { distinctOnly: false, runs: RUNS, warmUps: WARM_UP_ROUNDS }));
  if (wanted('versioned-4x35'))
    rows.push(
      await benchSite('versioned-4x35', generateVersionedSite(), {
        distinctOnly: true,
        runs: VERSIONED_RUNS,
        warmUps: VERSIONED_WARM_UP_ROUNDS,
      }),
    );
  printTable(
    `Build throughput (median of ${RUNS} runs, ${VERSIONED_RUNS} for the versioned site; ${availableParallelism()} cores); baseline = bare parse of every page file once (of each distinct file for the versioned site)`,
    [
      'site',
      'pages',
      'files parsed (bare)',
      'bare parse ms',
      '1-thread build ms',
      'ratio',
      'CPU ratio',
      `${availableParallelism()}-thread build ms`,
      'ratio',
      'rebuild 1 page ms',
      '% of 1-thread cold',
    ],
    rows.map((row) => [
      row.site,
      String(row.pages),
      String(row.parsedFiles),
      row.bareParseMs.toFixed(0),
      row.singleThreadBuildMs.toFixed(0),
      (row.singleThreadBuildMs / row.bareParseMs).toFixed(2),
      (row.singleThreadBuildCpuMs / row.bareParseCpuMs).toFixed(2),
      row.parallelBuildMs.toFixed(0),
      (row.parallelBuildMs / row.bareParseMs).toFixed(2),
      row.warmRebuildMs.toFixed(0),
      `${((row.warmRebuildMs / row.singleThreadBuildMs) * 100).toFixed(1)}%`,
    ]),
  );
  await printColdProcessTable(flat, wanted);
  return rows;
}

/** Options of one site's figures. */
interface BenchSiteOptions {
  /** Whether the bare parse reads one file per distinct text (a site copying pages per version). */
  distinctOnly: boolean;
  runs: number;
  warmUps: number;
}

async function printColdProcessTable(flat: SiteSource, wanted: (name: string) => boolean): Promise<void> {
  const unseen = heldOutSites();
  const names = ['mcp', 'synthetic-1250', ...unseen.keys()].filter((name) => wanted(`cold-${name}`));
  if (names.length === 0) return;
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-flat-'));
  try {
    for (const [file, text] of flat.files) {
      await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
      await writeFile(path.join(directory, file), text);
    }
    const folders: Record<string, string> = {
      mcp: corpusPath('mcp'),
      'synthetic-1250': directory,
      ...Object.fromEntries(unseen),
    };
    const rows: string[][] = [];
    for (const name of names) {
      const siteDir = folders[name] as string;
      const figures = await measureColdProcess(siteDir, COLD_PROCESS_RUNS);
      const cpuRatio = figures.buildCpuMs / figures.bareParseCpuMs;
      rows.push([
        name,
        figures.bareParseMs.toFixed(0),
        figures.buildMs.toFixed(0),
        (figures.buildMs / figures.bareParseMs).toFixed(2),
        figures.bareParseCpuMs.toFixed(0),
        figures.buildCpuMs.toFixed(0),
        cpuRatio.toFixed(2),
        (figures.buildMaxRssKb / 1024).toFixed(0),
        `≤ ${BUILD_TARGET}`,
        String(cpuRatio <= BUILD_TARGET),
      ]);
    }
    printTable(
      `Cold build as a whole process (median of ${COLD_PROCESS_RUNS}): \`docsmith build --no-cache --threads 1\` against a fresh process parsing the same page files once (compiled lib/); CPU = the process's own CPU time, steadier than wall time on a shared machine${unseen.size === 0 ? `; set ${UNSEEN_SITES_VARIABLE} for the held-out sites` : ''}`,
      [
        'site',
        'bare parse ms',
        'build ms',
        'ratio',
        'bare parse CPU ms',
        'build CPU ms',
        'CPU ratio',
        'build peak MB',
        'target',
        'met (CPU)',
      ],
      rows,
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The two largest held-out sites (bench/retrieval/unseen-questions.json) by name (`dify`, `flexprice`), when DOCSMITH_BENCH_UNSEEN_SITES holds them. */
function heldOutSites(): Map<string, string> {
  const { sources } = readUnseenQuestionSet();
  const located = locateUnseenSites(sources);
  if (!('directories' in located)) return new Map();
  return new Map(
    ['dify', 'flexprice'].flatMap((site): [string, string][] =>
      located.directories.has(site) ? [[site, located.directories.get(site) as string]] : [],
    ),
  );
}

async function benchSite(name: string, source: SiteSource, options: BenchSiteOptions): Promise<BuildBenchRow> {
  const pageFiles = loadSite(source).pageFiles;
  const parsedFiles = options.distinctOnly ? distinctFiles(pageFiles, source) : pageFiles;
  const bareParse = (): void => {
    for (const file of parsedFiles) parsePageTree(file, source.files.get(file) ?? '');
  };
  const build = (threads: number) => () =>
    buildSite(source, { domain: name, parsePages: createPageParser({ files: source.files, threads }) });
  const variants = [bareParse, build(1), build(availableParallelism())];
  for (let round = 0; round < options.warmUps; round += 1) for (const variant of variants) await variant();
  const runs = variants.map((): number[] => []);
  // Process CPU time of the two single-threaded variants too: a steadier figure than wall time on a loaded machine.
  const cpuRuns = variants.map((): number[] => []);
  for (let run = 0; run < options.runs; run += 1) {
    for (const [position, variant] of variants.entries()) {
      const cpuBefore = process.cpuUsage();
      runs[position]!.push(...(await timed(1, variant)));
      const cpu = process.cpuUsage(cpuBefore);
      cpuRuns[position]!.push((cpu.user + cpu.system) / 1000);
    }
  }
  const [bare, single, parallel] = runs.map(median) as [number, number, number];
  const [bareCpu, singleCpu] = cpuRuns.map(median) as [number, number];

  const cacheDir = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-cache-'));
  try {
    const coldCache = await openPageCache(fileCacheStorage(cacheDir), 'bench');
    await buildSite(source, {
      domain: name,
      prepareTerms: coldCache.prepareTerms,
      parsePages: createPageParser({ files: source.files, cache: coldCache }),
    });
    await coldCache.save();
    const changedFile = pageFiles[Math.floor(pageFiles.length / 2)] as string;
    const changed: SiteSource = {
      files: new Map(source.files).set(changedFile, `${source.files.get(changedFile)}\n\nOne more paragraph.\n`),
    };
    const warm = median(
      await timed(options.runs, async () => {
        const cache = await openPageCache(fileCacheStorage(cacheDir), 'bench');
        await buildSite(changed, {
          domain: name,
          prepareTerms: cache.prepareTerms,
          parsePages: createPageParser({ files: changed.files, cache }),
        });
      }),
    );
    return {
      site: name,
      pages: pageFiles.length,
      parsedFiles: parsedFiles.length,
      bareParseMs: bare,
      singleThreadBuildMs: single,
      bareParseCpuMs: bareCpu,
      singleThreadBuildCpuMs: singleCpu,
      parallelBuildMs: parallel,
      warmRebuildMs: warm,
    };
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}

/** One page file per distinct text (and extension), the first of each. */
function distinctFiles(pageFiles: string[], source: SiteSource): string[] {
  const seen = new Set<string>();
  return pageFiles.filter((file) => {
    const key = `${file.endsWith('.md') ? 'md' : 'mdx'}:${source.files.get(file) ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await runBuildBench();

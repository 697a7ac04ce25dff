import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { median } from '../bench-helpers.ts';

const run = promisify(execFile);
const DOCSMITH = path.resolve(import.meta.dirname, '../../bin/docsmith.js');
const BARE_PARSE = path.resolve(import.meta.dirname, 'bare-parse-child.js');
const REPORT_USAGE = path.resolve(import.meta.dirname, 'report-cpu-usage.js');
const USAGE_LINE = /^docsmith-bench-usage (.*)$/m;

/** Medians over the runs of whole processes: `docsmith build --no-cache` and the bare parse of the same files. */
export interface ColdProcessFigures {
  /** Wall-clock time, ms. */
  buildMs: number;
  bareParseMs: number;
  /** CPU time of the process (all its threads), ms: steadier than wall time when other work shares the cores. */
  buildCpuMs: number;
  bareParseCpuMs: number;
  /** Peak resident memory of the build process, KB. */
  buildMaxRssKb: number;
}

interface ProcessRun {
  ms: number;
  cpuMs: number;
  maxRssKb: number;
}

/**
 * Times, as whole fresh processes (start-up, module loading and file reading included), `docsmith build --no-cache
 * --threads 1` of a site folder against a bare single-threaded unified parse of its page files; the median of
 * `runs`, alternating the two, wall-clock and CPU time (reported by each process through `report-cpu-usage.js`). Both
 * run the compiled lib/ (`npm run build`).
 */
export async function measureColdProcess(siteDir: string, runs: number): Promise<ColdProcessFigures> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-cold-'));
  try {
    const builds: ProcessRun[] = [];
    const bares: ProcessRun[] = [];
    const timedProcess = async (args: string[]): Promise<ProcessRun> => {
      const started = performance.now();
      const { stderr } = await run(process.execPath, ['--import', REPORT_USAGE, ...args], {
        maxBuffer: 64 * 1024 * 1024,
      });
      const usage = JSON.parse(USAGE_LINE.exec(stderr)?.[1] ?? '{}') as { cpuMs?: number; maxRssKb?: number };
      return {
        ms: performance.now() - started,
        cpuMs: usage.cpuMs ?? Number.NaN,
        maxRssKb: usage.maxRssKb ?? Number.NaN,
      };
    };
    for (let round = 0; round < runs; round += 1) {
      bares.push(await timedProcess([BARE_PARSE, siteDir]));
      await rm(path.join(outDir, 'site'), { recursive: true, force: true });
      builds.push(
        await timedProcess([
          DOCSMITH,
          'build',
          siteDir,
          '--no-cache',
          '--threads',
          '1',
          '--quiet',
          '--domain',
          'site',
          '--out',
          path.join(outDir, 'site'),
        ]),
      );
    }
    return {
      buildMs: median(builds.map((entry) => entry.ms)),
      bareParseMs: median(bares.map((entry) => entry.ms)),
      buildCpuMs: median(builds.map((entry) => entry.cpuMs)),
      bareParseCpuMs: median(bares.map((entry) => entry.cpuMs)),
      buildMaxRssKb: median(builds.map((entry) => entry.maxRssKb)),
    };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

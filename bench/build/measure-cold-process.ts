import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { median } from '../bench-helpers.ts';

const run = promisify(execFile);
const DOCSMITH = path.resolve(import.meta.dirname, '../../bin/docsmith.js');
const BARE_PARSE = path.resolve(import.meta.dirname, 'bare-parse-child.js');

/** Wall-clock times of whole processes, in milliseconds: `docsmith build --no-cache` and the bare parse of the same files. */
export interface ColdProcessFigures {
  buildMs: number;
  bareParseMs: number;
}

/**
 * Times, as whole fresh processes (start-up, module loading and file reading included), `docsmith build --no-cache
 * --threads 1` of a site folder against a bare single-threaded unified parse of its page files; the median of
 * `runs`, alternating the two. Both run the compiled lib/ (`npm run build`).
 */
export async function measureColdProcess(siteDir: string, runs: number): Promise<ColdProcessFigures> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-cold-'));
  try {
    const builds: number[] = [];
    const bares: number[] = [];
    const timedProcess = async (args: string[]): Promise<number> => {
      const started = performance.now();
      await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
      return performance.now() - started;
    };
    for (let round = 0; round < runs; round += 1) {
      bares.push(await timedProcess([BARE_PARSE, siteDir]));
      await rm(path.join(outDir, 'site'), { recursive: true, force: true });
      builds.push(await timedProcess([DOCSMITH, 'build', siteDir, '--no-cache', '--threads', '1', '--quiet', '--domain', 'site', '--out', path.join(outDir, 'site')]));
    }
    return { buildMs: median(builds), bareParseMs: median(bares) };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

import { spawn } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, percentile, printTable } from '../bench-helpers.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';

/** Pages of the generated site: the size of the held-out site. */
const PAGES = 1300;
/** Saves measured, each to another page. */
const EDITS = Number(process.env.BENCH_DEV_EDITS ?? 9);
/** The goal of issue #31: a one-page edit answerable within 1 s of the save. */
const GOAL_MS = 1000;
/** How long to wait for one edit before calling it failed. */
const EDIT_TIMEOUT_MS = 30_000;
const CLI = path.resolve(import.meta.dirname, '../../bin/docsmith.js');

/** One save and when its words were first found. */
export interface DevEditFigures {
  page: string;
  /** From the file write to the first search that returns the edited page for a word only the edit holds. */
  editToAnswerableMs: number;
  /** The rebuild as `docsmith dev` reports it (re-read, build, write, publish, load). */
  rebuildMs: number;
  /** CPU time the dev process spent from the save to the answer (user + system; Linux only): what the wall time would be on an idle machine, bar the disk. */
  cpuMs: number | undefined;
}

/**
 * The writer's loop: starts the compiled `docsmith dev` on a generated 1,300-page site (written to a temporary
 * folder; cold page cache), then saves one page at a time with a sentence holding a word no page has, and polls
 * `POST /v1/search/<domain>` (no key: loopback) every 5 ms until that page is the first result. Prints each edit's
 * save-to-answerable time, the rebuild time `docsmith dev` reports and the CPU time the dev process spent (Linux:
 * on a shared machine the wall time follows its load, the CPU time does not), against the goal (≤ 1 s) and against
 * the first build of the same process (the baseline measured in the same run). Runs the compiled lib/ (`npm run build` first).
 */
export async function runDevBench(): Promise<{ firstBuildMs: number; edits: DevEditFigures[] }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-bench-dev-'));
  const site = path.join(directory, 'synthetic');
  const source = generateSyntheticSite({ pages: PAGES });
  for (const [file, text] of source.files) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
  const child = spawn(process.execPath, [CLI, 'dev', site, '--port', '0'], {
    env: { ...process.env, XDG_CACHE_HOME: path.join(directory, 'cache') },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const waitFor = async (pattern: RegExp, from: number): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + EDIT_TIMEOUT_MS * 4;
    for (;;) {
      const match = output.slice(from).match(pattern);
      if (match) return match;
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`docsmith dev did not print ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  try {
    const origin = (await waitFor(/^Playground: (http:\/\/[^/]+)\//m, 0))[1] as string;
    const firstBuildMs = Number((await waitFor(/built \d+ pages in ([\d.]+) s/, 0))[1]) * 1000;
    const pages = [...source.files.keys()].filter((file) => file.startsWith('guides/'));
    const edits: DevEditFigures[] = [];
    for (let edit = 0; edit < EDITS; edit += 1) {
      const file = pages[Math.floor(((edit + 0.5) * pages.length) / EDITS)] as string;
      const word = `zqxedit${edit}marker`;
      const from = output.length;
      const cpuBefore = await processCpuMs(child.pid);
      const started = performance.now();
      await appendFile(path.join(site, file), `\nThe ${word} setting keeps drafts answerable.\n`);
      const route = `/${file.replace(/\.mdx$/, '')}`;
      for (;;) {
        const response = await fetch(`${origin}/v1/search/synthetic`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: word, pageSize: 1 }),
        });
        const results = (await response.json()) as { path: string }[];
        if (response.ok && results[0]?.path.split('#')[0] === route) break;
        if (performance.now() - started > EDIT_TIMEOUT_MS)
          throw new Error(
            `the edit of ${file} was not answerable within ${EDIT_TIMEOUT_MS} ms:\n${output.slice(from)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const editToAnswerableMs = performance.now() - started;
      const cpuAfter = await processCpuMs(child.pid);
      const rebuildMs = Number((await waitFor(/→ rebuilt in ([\d.]+) s/, from))[1]) * 1000;
      edits.push({
        page: file,
        editToAnswerableMs,
        rebuildMs,
        cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
      });
    }
    const answerable = edits.map((edit) => edit.editToAnswerableMs);
    const rebuilds = edits.map((edit) => edit.rebuildMs);
    const cpu = edits.flatMap((edit) => (edit.cpuMs === undefined ? [] : [edit.cpuMs]));
    printTable(
      `docsmith dev: save → answerable on a generated ${PAGES}-page site (${EDITS} saves, one page each; baseline: the first build of the same process, ${(firstBuildMs / 1000).toFixed(2)} s, cold cache)`,
      ['figure', 'median', 'p90', 'max', 'vs first build (median)', `goal ≤ ${GOAL_MS} ms`],
      [
        [
          'save → first search finding the edit',
          ms(median(answerable)),
          ms(percentile(answerable, 90)),
          ms(Math.max(...answerable)),
          ratio(median(answerable), firstBuildMs),
          Math.max(...answerable) <= GOAL_MS
            ? '✔ every save'
            : median(answerable) <= GOAL_MS
              ? '✔ median (not every save)'
              : '✘',
        ],
        [
          'rebuild as docsmith dev reports it',
          ms(median(rebuilds)),
          ms(percentile(rebuilds, 90)),
          ms(Math.max(...rebuilds)),
          ratio(median(rebuilds), firstBuildMs),
          '',
        ],
        ...(cpu.length > 0
          ? [
              [
                'CPU time of docsmith dev, save → answer',
                ms(median(cpu)),
                ms(percentile(cpu, 90)),
                ms(Math.max(...cpu)),
                ratio(median(cpu), firstBuildMs),
                median(cpu) <= GOAL_MS ? '✔ (load-independent)' : '✘',
              ],
            ]
          : []),
      ],
    );
    return { firstBuildMs, edits };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(directory, { recursive: true, force: true });
  }
}

/** User + system CPU time of a process so far, from /proc (Linux); undefined elsewhere. */
async function processCpuMs(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of proc(5), utime and stime, counted from the state (field 3); in clock ticks of 10 ms on Linux.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(3)}×`;
}

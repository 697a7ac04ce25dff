import path from 'node:path';

/** The five real sites of ../shared/corpora, smallest first. */
export const CORPORA = ['x402', 'ollama', 'mem0', 'trigger', 'mcp'] as const;

/** Absolute path of a shared corpus (read in place, never copied): under `$DOCSMITH_SHARED_DIR`, else `../shared` beside this checkout. */
export function corpusPath(corpus: string, environment: NodeJS.ProcessEnv = process.env): string {
  const shared = environment.DOCSMITH_SHARED_DIR || path.resolve(import.meta.dirname, '../../shared');
  return path.resolve(shared, 'corpora', corpus);
}

/**
 * Runs `work` `runs` times and resolves to each run's duration in milliseconds. No garbage collection is forced
 * between runs: a forced full collection shrinks the young generation and drops compiled code, which made the
 * next run 2–3× slower and pulled every ratio towards 1.
 */
export async function timed(runs: number, work: () => unknown): Promise<number[]> {
  const durations: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
  }
  return durations;
}

/** The median of a list of numbers. */
export function median(values: number[]): number {
  return percentile(values, 50);
}

/** The p-th percentile (nearest rank) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** Prints a titled, aligned table to stdout. */
export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]): string => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  process.stdout.write(
    `\n${title}\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}\n${rows.map(line).join('\n')}\n`,
  );
}

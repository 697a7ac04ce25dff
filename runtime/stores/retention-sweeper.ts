/** Options of `startRetentionSweeper`. */
export interface RetentionSweeperOptions {
  /** Records older than this many ms are deleted. */
  retentionMs: number;
  /** Deletes the records last updated before the given time; resolves to how many. */
  sweep: (before: Date) => Promise<number>;
  /** How often to sweep, in ms (default: an hour, or the retention when shorter). */
  intervalMs?: number;
  /** Told how many records a sweep deleted (only when some were). */
  onSwept?: (count: number) => void;
  /** Told when a sweep fails (the next one retries); not told of a sweep that fails once stopped (its store is closing). */
  onError?: (error: unknown) => void;
}

/** A running sweeper. */
export interface RetentionSweeper {
  /** Sweeps now; resolves to how many records were deleted. */
  runOnce(): Promise<number>;
  stop(): void;
}

/**
 * Deletes expired records of a store on a timer (unref'd, so it never keeps the process alive) and once at
 * start. Stopping it before closing the store keeps the sweep then in flight, failing on the closed store, unreported
 * (a server that could not listen closes at once). Store-agnostic: threads use it, and any other store (analytics, feedback) can pass its own `sweep`.
 */
export function startRetentionSweeper(options: RetentionSweeperOptions): RetentionSweeper {
  let stopped = false;
  const runOnce = async (): Promise<number> => {
    try {
      const count = await options.sweep(new Date(Date.now() - options.retentionMs));
      if (count > 0) options.onSwept?.(count);
      return count;
    } catch (error) {
      if (!stopped) options.onError?.(error);
      return 0;
    }
  };
  const timer = setInterval(
    () => void runOnce(),
    options.intervalMs ?? Math.min(3_600_000, Math.max(1000, options.retentionMs)),
  );
  timer.unref();
  void runOnce();
  return {
    runOnce,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

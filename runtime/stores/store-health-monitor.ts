/** Options of `monitorStoreHealth`. */
export interface StoreHealthMonitorOptions {
  /** Why the store is unusable right now, or undefined. */
  problem: () => Promise<string | undefined>;
  /** Told once when a problem appears, and once when it is gone. */
  onChange: (problem: string | undefined) => void;
  /** How often to check, in ms (default 5000). */
  intervalMs?: number;
}

/** Checks a store on a timer (unref'd) and reports changes, so a deleted database file is logged even when idle. */
export function monitorStoreHealth(options: StoreHealthMonitorOptions): () => void {
  let last: string | undefined;
  const timer = setInterval(() => {
    options
      .problem()
      .catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
      .then((problem) => {
        if (problem !== last) options.onChange(problem);
        last = problem;
      })
      .catch(() => undefined);
  }, options.intervalMs ?? 5000);
  timer.unref();
  return () => clearInterval(timer);
}

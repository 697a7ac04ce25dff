/** One counter a request is counted against: its key (window id included), its limit and its window's length. */
export interface CounterSlot {
  key: string;
  limit: number;
  secondsLeft: number;
}

/** A counter's state after a take: requests counted in the window and milliseconds until the window ends. */
export interface CounterState {
  consumed: number;
  msLeft: number;
}

/** The outcome of taking one request from several counters at once. */
export type TakeOutcome =
  { allowed: true; counters: CounterState[] } | ({ allowed: false; refusedIndex: number } & CounterState);

/**
 * Takes one request from every counter or from none (all-or-nothing): the request is allowed when every
 * counter is below its limit, and then all of them count it; a refused request changes no counter.
 */
export interface LimitTake {
  take(slots: CounterSlot[]): Promise<TakeOutcome>;
  close(): Promise<void>;
}

/** How often a store that keeps its own counters (memory, SQLite) deletes expired ones (ms): every five minutes. */
export const COUNTER_SWEEP_INTERVAL_MS = 300_000;

import { setTimeout as sleep } from 'node:timers/promises';
import { StoreUnavailableError } from './store-unavailable-error.ts';

/** Default bound (ms) for reaching a store before a request gets 503 `store_unavailable`. */
export const DEFAULT_STORE_TIMEOUT_MS = 2000;

/**
 * Runs a SQLite operation; while the database is locked by another connection (SQLITE_BUSY / SQLITE_LOCKED) it
 * retries after short, growing pauses that yield the event loop (the connection's own busy timeout is kept at a
 * few ms, because the SQLite drivers wait synchronously and would freeze every other request). After `timeoutMs`
 * (default 2000) it gives up with StoreUnavailableError; other errors also become StoreUnavailableError.
 */
export async function retryWhileBusy<T>(
  what: string,
  operation: () => T | Promise<T>,
  timeoutMs = DEFAULT_STORE_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      const remaining = deadline - Date.now();
      if (!isBusy(error) || remaining <= 0)
        throw new StoreUnavailableError(`${what} is unavailable: ${describe(error)}`);
      await sleep(Math.min(pause, remaining));
    }
  }
}

/** SQLite's primary result codes for "another connection holds the lock". */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/**
 * Whether an error means "another connection holds the lock" (worth retrying): better-sqlite3 names the result
 * code (`code: 'SQLITE_BUSY…'`), node:sqlite numbers it (`errcode`, possibly an extended code).
 */
export function isBusy(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))) return true;
  return typeof errcode === 'number' && [SQLITE_BUSY, SQLITE_LOCKED].includes(errcode & 0xff);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import { setTimeout as sleep } from 'node:timers/promises';
import { StoreUnavailableError } from './store-unavailable-error.ts';

/** Default bound (ms) for reaching a store before a request gets 503 `store_unavailable`. */
export const DEFAULT_STORE_TIMEOUT_MS = 2000;

/**
 * Runs a SQLite operation; while the database is locked by another connection (SQLITE_BUSY / SQLITE_LOCKED) it
 * retries after short, growing pauses that yield the event loop (the connection's own busy timeout is kept at a
 * few ms, because better-sqlite3 waits synchronously and would freeze every other request). After `timeoutMs`
 * (default 2000) it gives up with StoreUnavailableError; other errors also become StoreUnavailableError.
 */
export async function retryWhileBusy<T>(what: string, operation: () => T | Promise<T>, timeoutMs = DEFAULT_STORE_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      const remaining = deadline - Date.now();
      if (!isBusy(error) || remaining <= 0) throw new StoreUnavailableError(`${what} is unavailable: ${describe(error)}`);
      await sleep(Math.min(pause, remaining));
    }
  }
}

/** Whether an error means "another connection holds the lock" (worth retrying). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** How long (ms) better-sqlite3 may wait synchronously for a lock; longer waits are async retries (retryWhileBusy). */
export const SQLITE_BUSY_TIMEOUT_MS = 5;

/**
 * Opens (creating it and its folder if needed) a SQLite database in WAL mode, as the runtime's stores use it. The
 * folder is created 0700 and the database file is kept 0600 (SQLite gives its -wal/-shm files the same mode); the
 * busy timeout is a few ms so a lock held elsewhere never blocks the event loop.
 */
export function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  }
  const database = new Database(file);
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  return database;
}

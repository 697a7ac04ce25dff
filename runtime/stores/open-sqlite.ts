import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SqliteDatabase } from './sqlite-database.ts';

/** How long (ms) the driver may wait synchronously for a lock; longer waits are async retries (retryWhileBusy). */
export const SQLITE_BUSY_TIMEOUT_MS = 5;

/** The first Node major whose built-in `node:sqlite` the stores use (no flag, no warning); older ones use better-sqlite3. */
export const NODE_SQLITE_FROM_MAJOR = 24;

const require = createRequire(import.meta.url);

type Driver = new (file: string) => SqliteDatabase;

let driver: Driver | undefined;

/**
 * The SQLite driver of this Node: the built-in `node:sqlite` from Node 24 on, better-sqlite3 before (its native
 * statements abort Node 24 when garbage-collected at the wrong moment, WiseLibs/better-sqlite3#1515). Loaded once.
 */
function sqliteDriver(): Driver {
  if (driver) return driver;
  if (Number(process.versions.node.split('.')[0]) >= NODE_SQLITE_FROM_MAJOR) {
    driver = (require('node:sqlite') as { DatabaseSync: Driver }).DatabaseSync;
    return driver;
  }
  try {
    driver = require('better-sqlite3') as Driver;
  } catch (error) {
    throw new Error(
      `SQLite needs the better-sqlite3 package on Node ${process.versions.node} (Node ${NODE_SQLITE_FROM_MAJOR}+ has it built in); reinstall with \`npm ci\`: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return driver;
}

/**
 * Opens (creating it and its folder if needed) a SQLite database in WAL mode, as the runtime's stores use it. The
 * folder is created 0700 and the database file is kept 0600 (SQLite gives its -wal/-shm files the same mode); the
 * busy timeout is a few ms so a lock held elsewhere never blocks the event loop.
 */
export function openSqlite(file: string): SqliteDatabase {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  }
  const Database = sqliteDriver();
  const database = new Database(file);
  database.exec(
    `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL`,
  );
  return database;
}

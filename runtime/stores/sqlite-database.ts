/** A prepared statement with positional `?` parameters, as both SQLite drivers provide it. */
export interface SqliteStatement<Parameters extends unknown[] = unknown[], Row = unknown> {
  /** Runs the statement; how many rows it changed (a number: neither driver is asked for big integers). */
  run(...parameters: Parameters): { changes: number };
  /** The first row, or undefined. */
  get(...parameters: Parameters): Row | undefined;
  /** Every row. */
  all(...parameters: Parameters): Row[];
}

/**
 * The part of a SQLite connection the runtime's stores use — the same on Node's built-in `node:sqlite` and on
 * better-sqlite3 (openSqlite picks the driver), so no store depends on either.
 */
export interface SqliteDatabase {
  /** Runs one or more statements, returning nothing. */
  exec(sql: string): void;
  /** Prepares a statement (keep it: preparing is the expensive part). */
  prepare<Parameters extends unknown[] = unknown[], Row = unknown>(sql: string): SqliteStatement<Parameters, Row>;
  /** Closes the connection; its statements throw afterwards. */
  close(): void;
}

/**
 * Wraps `body` in a transaction: BEGIN (IMMEDIATE when `immediate`, which takes the write lock first so a
 * read-then-write body never fails half-way on a lock), COMMIT when it returns, ROLLBACK when it or COMMIT throws.
 */
export function sqliteTransaction<Arguments extends unknown[], Result>(
  database: SqliteDatabase,
  body: (...parameters: Arguments) => Result,
  { immediate = false } = {},
): (...parameters: Arguments) => Result {
  const begin = immediate ? 'BEGIN IMMEDIATE' : 'BEGIN';
  return (...parameters) => {
    database.exec(begin);
    try {
      const result = body(...parameters);
      database.exec('COMMIT');
      return result;
    } catch (error) {
      rollback(database);
      throw error;
    }
  };
}

/** Rolls back the open transaction; SQLite may already have rolled it back (a failed COMMIT, a full disk), which is fine. */
function rollback(database: SqliteDatabase): void {
  try {
    database.exec('ROLLBACK');
  } catch {
    // No transaction was active any more: nothing to undo; the caller rethrows the error that mattered.
  }
}

/** The names of a table's columns (empty when the table does not exist). */
export function sqliteColumnNames(database: SqliteDatabase, table: string): string[] {
  return database
    .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
    .all(table)
    .map((column) => column.name);
}

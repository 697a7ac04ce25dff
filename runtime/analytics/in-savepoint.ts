import type { openSqlite } from '../stores/open-sqlite.ts';

/** A SQLite connection of the runtime's stores, used through `exec` and prepared statements only. */
export type SqliteConnection = ReturnType<typeof openSqlite>;

/**
 * Runs `work` in a savepoint (a transaction of its own when none is open, else nested in the open one): released when
 * it returns, rolled back when it throws, so a failing write leaves nothing behind and its error goes on.
 */
export function inSavepoint<T>(connection: Pick<SqliteConnection, 'exec'>, work: () => T): T {
  connection.exec('SAVEPOINT docsmith_write');
  try {
    const result = work();
    connection.exec('RELEASE docsmith_write');
    return result;
  } catch (error) {
    connection.exec('ROLLBACK TO docsmith_write');
    connection.exec('RELEASE docsmith_write');
    throw error;
  }
}

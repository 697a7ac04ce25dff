import type { SqliteDatabase } from '../stores/sqlite-database.ts';

/**
 * Runs `work` in a savepoint nested in the open transaction: released when it returns, rolled back when it throws,
 * so one failing write of a group commit leaves nothing behind and the others still commit.
 */
export function inSavepoint<T>(database: Pick<SqliteDatabase, 'exec'>, work: () => T): T {
  database.exec('SAVEPOINT docsmith_write');
  try {
    const result = work();
    database.exec('RELEASE docsmith_write');
    return result;
  } catch (error) {
    database.exec('ROLLBACK TO docsmith_write');
    database.exec('RELEASE docsmith_write');
    throw error;
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite } from '../../runtime/stores/open-sqlite.ts';

/**
 * Holds a write lock on a SQLite file from another process until killed (the driver the runtime uses on this Node);
 * resolves once the lock is taken.
 */
export async function holdSqliteLock(file: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), file], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const database = openSqlite(process.argv[2] as string);
  database.exec('BEGIN IMMEDIATE');
  database.prepare('CREATE TABLE IF NOT EXISTS lock_holder (x)').run();
  process.stdout.write('locked\n');
  setInterval(() => undefined, 1000);
}

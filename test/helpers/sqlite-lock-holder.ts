import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite } from '../../runtime/stores/open-sqlite.ts';
import { isBusy } from '../../runtime/stores/retry-while-busy.ts';

/** The line the holder prints once it holds the lock. */
const LOCKED = 'docsmith-test: sqlite write lock held';

/**
 * Holds a write lock on a SQLite file from another process until killed (the driver the runtime uses on this Node);
 * resolves once the lock is taken.
 */
export async function holdSqliteLock(file: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), file], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Resolves on the line the holder prints once it holds the lock, not on the first bytes it writes (a warning of
  // the loader or the runtime can come first).
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.split('\n').includes(LOCKED)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${printed}`)));
  });
  return child;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const database = openSqlite(process.argv[2] as string);
  // The server may be writing at this moment: wait for the lock rather than fail.
  for (;;) {
    try {
      database.exec('BEGIN IMMEDIATE');
      break;
    } catch (error) {
      if (!isBusy(error)) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  database.prepare('CREATE TABLE IF NOT EXISTS lock_holder (x)').run();
  process.stdout.write(`${LOCKED}\n`);
  setInterval(() => undefined, 1000);
}

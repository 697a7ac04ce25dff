import { existsSync } from 'node:fs';
import path from 'node:path';

/** The shared corpora and conformance cases: `$DOCSMITH_SHARED_DIR`, else `../shared` beside this checkout. */
export const sharedDir = process.env.DOCSMITH_SHARED_DIR
  ? path.resolve(process.env.DOCSMITH_SHARED_DIR)
  : path.resolve(import.meta.dirname, '../../../shared');

/** The Redis server of the Redis suites (`$REDIS_TEST_URL`), undefined when unset. */
export const redisTestUrl: string | undefined = process.env.REDIS_TEST_URL || undefined;

/**
 * Whether `<sharedDir>/<subPath>` exists; when it does not, prints one line naming the suite and what to set,
 * so a fresh clone (nothing beside it) passes with those suites skipped.
 */
export function hasSharedData(subPath: string, suite: string): boolean {
  const found = existsSync(path.join(sharedDir, subPath));
  if (!found)
    announceSkip(
      suite,
      `${path.join(sharedDir, subPath)} not found; set DOCSMITH_SHARED_DIR to the shared folder (corpora/, conformance/)`,
    );
  return found;
}

/** Whether the Redis suites can run; when not, prints one line naming the suite and what to set. */
export function hasRedis(suite: string): boolean {
  if (!redisTestUrl)
    announceSkip(suite, 'no Redis; set REDIS_TEST_URL=redis://127.0.0.1:6379 to run it against a real Redis');
  return Boolean(redisTestUrl);
}

function announceSkip(suite: string, reason: string): void {
  process.stderr.write(`skipped ${suite}: ${reason}\n`);
}

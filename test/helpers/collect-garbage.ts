import { afterAll } from 'vitest';

/**
 * After each test file (its own `afterAll` hooks have closed its apps and databases), collects garbage while the
 * worker is still alive: on Node 24, a better-sqlite3 statement garbage-collected during the worker's exit aborts
 * the process (`RemoveEnvironmentCleanupHook: Assertion (env) != nullptr`, WiseLibs/better-sqlite3#1515).
 * Needs `--expose-gc` (vitest.config.ts `execArgv`).
 */
afterAll(() => {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
});

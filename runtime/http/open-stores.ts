import path from 'node:path';
import type { AnalyticsStore } from '../analytics/analytics-store.ts';
import { createRedisAnalyticsStore } from '../analytics/redis-analytics-store.ts';
import { createSqliteAnalyticsStore } from '../analytics/sqlite-analytics-store.ts';
import { createKeyStore, type KeyStore } from '../auth/key-store.ts';
import { createRedisKeyStore } from '../auth/redis-key-store.ts';
import { createLimiter, type Limiter, type Limits } from '../limits/create-limiter.ts';
import { createRedisThreadStore } from '../threads/redis-thread-store.ts';
import { createSqliteThreadStore } from '../threads/sqlite-thread-store.ts';
import type { ThreadStore } from '../threads/thread-store.ts';

/** Options of `openStores`: where the runtime keeps keys, limit counters, threads and analytics. */
export interface StoresOptions {
  /** Folder for the keys file and the SQLite database (`docsmith.sqlite`). */
  dataDir: string;
  /** Keys file (default `<dataDir>/keys.json`); used when the keys are not in Redis. */
  keysFile?: string;
  /** Where API keys live (default: `redis` when redisUrl is set, so replicas share them; else `file`). */
  keyStore?: 'file' | 'redis';
  /** Where threads, analytics and limits live (default: `redis` when redisUrl is set, else `sqlite` in dataDir). */
  store?: 'sqlite' | 'redis';
  /** Redis URL, required by store or keyStore `redis` (several replicas share it). */
  redisUrl?: string | undefined;
  /** Where limits are counted (default: the `store`; `memory` for tests). */
  limitStore?: 'memory' | 'sqlite' | 'redis';
  /** The message and search limits (default: the spec's, see createLimiter). */
  limits?: Limits;
  /** Feedback limits, counted apart from `limits` (default: the same numbers as `limits`, on their own counters). */
  feedbackLimits?: Limits;
  /** Milliseconds an operation may wait for the thread or limit store before 503 `store_unavailable` (default 2000). */
  storeTimeoutMs?: number;
  /** Messages kept per thread (default 200); the dropped oldest are counted in the listing's `omittedMessages`. */
  maxMessagesPerThread?: number;
  /** Told when the keys could not be refreshed from Redis (default: ignored; the last good keys keep serving). */
  onKeyRefreshError?: (error: unknown) => void;
  /** Keep the text of readers' questions in analytics, scrubbed of personal data (default false: only their terms). */
  storeQuestionText?: boolean;
}

/** The runtime's stores, opened together and closed together. */
export interface RuntimeStores {
  /** The file key store, or the Redis one shared by replicas; routes verify keys and sign and verify page links. */
  keys: Pick<KeyStore, 'verify' | 'signPage' | 'verifyPage'>;
  /** The message and search budget (the spec's three limits). */
  limiter: Limiter;
  /** The feedback budget, on counters of its own. */
  feedbackLimiter: Limiter;
  threads: ThreadStore;
  analytics: AnalyticsStore;
  /** Closes every store; one failing to close does not keep the others open. */
  close(): Promise<void>;
}

/**
 * Opens the runtime's stores on SQLite (one replica, `<dataDir>/docsmith.sqlite`) or on Redis (replicas share it):
 * the one place that choice is made. Keys may live apart (a file beside a Redis store), and limits may be counted in
 * memory (tests). Throws when a Redis store is asked for without a URL; a store that fails to open closes the ones
 * opened before it.
 */
export async function openStores(options: StoresOptions): Promise<RuntimeStores> {
  const store = options.store ?? (options.redisUrl ? 'redis' : 'sqlite');
  const keyStore = options.keyStore ?? (options.redisUrl ? 'redis' : 'file');
  if (store === 'redis' && !options.redisUrl) throw new Error('store "redis" needs redisUrl (env REDIS_URL)');
  if (keyStore === 'redis' && !options.redisUrl) throw new Error('keyStore "redis" needs redisUrl (env REDIS_URL)');
  const sqliteFile = path.join(options.dataDir, 'docsmith.sqlite');
  const storeTimeoutMs = options.storeTimeoutMs || undefined;
  const opened: { close(): Promise<void> }[] = [];
  const closeOpened = async (): Promise<void> => {
    await Promise.allSettled(opened.map((opening) => opening.close()));
  };
  const keep = <T extends { close(): Promise<void> }>(opening: T): T => (opened.push(opening), opening);
  try {
    const sharedKeys =
      keyStore === 'redis'
        ? keep(
            await createRedisKeyStore({
              url: options.redisUrl as string,
              ...(options.onKeyRefreshError ? { onRefreshError: options.onKeyRefreshError } : {}),
            }),
          )
        : undefined;
    const counters = {
      store: options.limitStore ?? store,
      sqlitePath: sqliteFile,
      storeTimeoutMs,
      redisUrl: options.redisUrl || undefined,
    };
    const feedbackLimits = options.feedbackLimits ?? options.limits;
    const limiter = keep(await createLimiter({ ...counters, limits: options.limits }));
    const feedbackLimiter = keep(await createLimiter({ ...counters, budget: 'feedback', limits: feedbackLimits }));
    const threadOptions = { storeTimeoutMs, maxMessagesPerThread: options.maxMessagesPerThread || undefined };
    const analyticsOptions = { storeQuestionText: options.storeQuestionText ?? false };
    const { threads, analytics } =
      store === 'redis'
        ? {
            threads: keep(createRedisThreadStore(options.redisUrl as string, threadOptions)),
            analytics: keep(createRedisAnalyticsStore(options.redisUrl as string, undefined, analyticsOptions)),
          }
        : {
            threads: keep(createSqliteThreadStore(sqliteFile, threadOptions)),
            analytics: keep(createSqliteAnalyticsStore(sqliteFile, analyticsOptions)),
          };
    const keys = sharedKeys ?? createKeyStore({ file: options.keysFile ?? path.join(options.dataDir, 'keys.json') });
    return { keys, limiter, feedbackLimiter, threads, analytics, close: closeOpened };
  } catch (error) {
    await closeOpened();
    throw error;
  }
}

import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { openRedis } from '../stores/open-redis.ts';
import { openSqlite } from '../stores/open-sqlite.ts';
import { StoreUnavailableError } from '../stores/store-unavailable-error.ts';
import { calendarWindow, type CalendarPeriod } from './calendar-window.ts';

/** The three limits of the assistant API (assistant-api.md, Limits). */
export interface Limits {
  /** Uses per API key per calendar month (default 10,000). */
  perKeyPerMonth?: number;
  /** Requests per organization per clock hour (default 10,000). */
  perOrgPerHour?: number;
  /** Requests per client IP per calendar day (default 10,000). */
  perIpPerDay?: number;
}

/** Who a request is counted against. */
export interface LimitSubject {
  keyId: string;
  org: string;
  ip: string;
}

/** The outcome of counting one request: what the 429 and the RateLimit-* headers say. */
export interface LimitDecision {
  allowed: boolean;
  /** Limit, remaining and reset of the tightest of the three (or of the exhausted one). */
  limit: number;
  remaining: number;
  resetSeconds: number;
  retryAfterSeconds?: number;
  scope: 'key' | 'org' | 'ip';
}

/** Counts requests against the three limits. */
export interface Limiter {
  consume(subject: LimitSubject, now?: Date): Promise<LimitDecision>;
  close(): Promise<void>;
}

/** Options of `createLimiter`. */
export interface LimiterOptions {
  store: 'memory' | 'sqlite' | 'redis';
  /** SQLite file (store `sqlite`). */
  sqlitePath?: string;
  /** Redis URL (store `redis`). */
  redisUrl?: string;
  limits?: Limits;
}

interface Counter {
  scope: LimitDecision['scope'];
  period: CalendarPeriod;
  points: number;
  limiter: RateLimiterAbstract;
  keyOf: (subject: LimitSubject) => string;
}

/**
 * Creates the limiter (rate-limiter-flexible on memory, SQLite or Redis). Windows are calendar windows in
 * UTC: the window id is part of each counter key and the counter expires when the window ends. A request
 * is counted once against each of the three limits; when one refuses it, the points taken from the
 * others are given back, so a refused request uses up nothing.
 */
export async function createLimiter(options: LimiterOptions): Promise<Limiter> {
  const limits = { perKeyPerMonth: 10_000, perOrgPerHour: 10_000, perIpPerDay: 10_000, ...options.limits };
  let close: () => Promise<void> = async () => undefined;
  let makeLimiter: (prefix: string, points: number, duration: number) => RateLimiterAbstract;
  const ready: Promise<void>[] = [];
  if (options.store === 'sqlite') {
    const database = openSqlite(options.sqlitePath ?? ':memory:');
    makeLimiter = (prefix, points, duration) => {
      let limiter!: RateLimiterAbstract;
      ready.push(
        new Promise((resolve, reject) => {
          limiter = new RateLimiterSQLite(
            { storeClient: database, storeType: 'better-sqlite3', tableName: `rate_limits_${prefix}`, keyPrefix: prefix, points, duration, clearExpiredByTimeout: true },
            (error?: Error) => (error ? reject(new StoreUnavailableError(`rate limit table cannot be created: ${error.message}`)) : resolve()),
          );
        }),
      );
      return limiter;
    };
    close = async () => {
      database.close();
    };
  } else if (options.store === 'redis') {
    const client = openRedis(options.redisUrl ?? 'redis://127.0.0.1:6379');
    makeLimiter = (prefix, points, duration) => new RateLimiterRedis({ storeClient: client, keyPrefix: `docsmith:limit:${prefix}`, points, duration });
    close = async () => {
      client.disconnect();
    };
  } else {
    makeLimiter = (prefix, points, duration) => new RateLimiterMemory({ keyPrefix: prefix, points, duration });
  }
  const counters: Counter[] = [
    { scope: 'ip', period: 'day', points: limits.perIpPerDay, limiter: makeLimiter('ip', limits.perIpPerDay, 86_400), keyOf: (subject) => subject.ip },
    { scope: 'org', period: 'hour', points: limits.perOrgPerHour, limiter: makeLimiter('org', limits.perOrgPerHour, 3_600), keyOf: (subject) => subject.org },
    { scope: 'key', period: 'month', points: limits.perKeyPerMonth, limiter: makeLimiter('key', limits.perKeyPerMonth, 2_678_400), keyOf: (subject) => subject.keyId },
  ];
  await Promise.all(ready);

  return {
    async consume(subject, now = new Date()) {
      const taken: { counter: Counter; key: string; result: RateLimiterRes }[] = [];
      for (const counter of counters) {
        const window = calendarWindow(counter.period, now);
        const key = `${counter.keyOf(subject)}:${window.id}`;
        try {
          const result = await counter.limiter.consume(key, 1, { customDuration: window.secondsLeft });
          taken.push({ counter, key, result });
        } catch (rejection) {
          await Promise.allSettled(taken.map((entry) => entry.counter.limiter.reward(entry.key, 1, { customDuration: calendarWindow(entry.counter.period, now).secondsLeft })));
          if (!(rejection instanceof RateLimiterRes)) throw new StoreUnavailableError(`rate limit store is unavailable: ${(rejection as Error).message}`);
          const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          return { allowed: false, limit: counter.points, remaining: 0, resetSeconds: retryAfterSeconds, retryAfterSeconds, scope: counter.scope };
        }
      }
      const tightest = taken.reduce((best, entry) => (entry.result.remainingPoints < best.result.remainingPoints ? entry : best));
      return {
        allowed: true,
        limit: tightest.counter.points,
        remaining: tightest.result.remainingPoints,
        resetSeconds: Math.max(1, Math.ceil(tightest.result.msBeforeNext / 1000)),
        scope: tightest.counter.scope,
      };
    },
    close: () => close(),
  };
}

import { openRedis } from '../stores/open-redis.ts';
import { openSqlite } from '../stores/open-sqlite.ts';
import { StoreUnavailableError } from '../stores/store-unavailable-error.ts';
import { calendarWindow, type CalendarPeriod } from './calendar-window.ts';
import type { CounterState, LimitTake } from './limit-take.ts';
import { createMemoryLimitTake } from './memory-limit-take.ts';
import { createRedisLimitTake } from './redis-limit-take.ts';
import { createSqliteLimitTake } from './sqlite-limit-take.ts';

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
  /** Redis URL (store `redis`; default `redis://127.0.0.1:6379`). */
  redisUrl?: string | undefined;
  limits?: Limits | undefined;
  /** Milliseconds a take may wait for the store (a locked SQLite file, a slow Redis) before 503 (default 2000). */
  storeTimeoutMs?: number | undefined;
  /**
   * The budget these counters belong to, kept apart from other budgets on the same store (default `message`:
   * SQLite tables `rate_limits_<scope>`, Redis keys `docsmith:{limit}:<scope>:…`; any other name, e.g. `feedback`:
   * tables `feedback_limits_<scope>`, keys `docsmith:{limit}:feedback:<scope>:…`).
   */
  budget?: string;
}

/**
 * Prefix of the Redis counter keys. Its hash tag `{limit}` puts every counter in one Redis Cluster slot: one
 * take reads and writes a key, an organization and an IP counter atomically, and the organization and IP
 * counters are shared by many keys, so no narrower tag keeps the three of every take together.
 */
export const LIMIT_KEY_PREFIX = 'docsmith:{limit}:';

interface Counter {
  scope: LimitDecision['scope'];
  period: CalendarPeriod;
  points: number;
  keyOf: (subject: LimitSubject) => string;
}

/**
 * Creates the limiter. Windows are calendar windows in UTC: the window id is part of each counter key and the
 * counter expires when the window ends. The three limits are taken all-or-nothing (key, then organization, then
 * IP): a refused request counts against none of them. Memory takes all three synchronously, SQLite in one
 * transaction, Redis (shared by replicas) in one Lua script.
 */
export async function createLimiter(options: LimiterOptions): Promise<Limiter> {
  const limits = { perKeyPerMonth: 10_000, perOrgPerHour: 10_000, perIpPerDay: 10_000, ...options.limits };
  const counters: Counter[] = [
    { scope: 'key', period: 'month', points: limits.perKeyPerMonth, keyOf: (subject) => `key:${subject.keyId}` },
    { scope: 'org', period: 'hour', points: limits.perOrgPerHour, keyOf: (subject) => `org:${subject.org}` },
    { scope: 'ip', period: 'day', points: limits.perIpPerDay, keyOf: (subject) => `ip:${subject.ip}` },
  ];
  const taker = await openTake(options, counters);
  return {
    async consume(subject, now = new Date()) {
      const slots = counters.map((counter) => {
        const window = calendarWindow(counter.period, now);
        return {
          key: `${counter.keyOf(subject)}:${window.id}`,
          limit: counter.points,
          secondsLeft: window.secondsLeft,
        };
      });
      const outcome = await taker.take(slots);
      if (!outcome.allowed) {
        const counter = counters[outcome.refusedIndex] as Counter;
        const retryAfterSeconds = Math.max(1, Math.ceil(outcome.msLeft / 1000));
        return {
          allowed: false,
          limit: counter.points,
          remaining: 0,
          resetSeconds: retryAfterSeconds,
          retryAfterSeconds,
          scope: counter.scope,
        };
      }
      let tightest = 0;
      outcome.counters.forEach((state, index) => {
        const best = outcome.counters[tightest] as CounterState;
        if (
          (counters[index] as Counter).points - state.consumed <
          (counters[tightest] as Counter).points - best.consumed
        )
          tightest = index;
      });
      const counter = counters[tightest] as Counter;
      const state = outcome.counters[tightest] as CounterState;
      return {
        allowed: true,
        limit: counter.points,
        remaining: Math.max(0, counter.points - state.consumed),
        resetSeconds: Math.max(1, Math.ceil(state.msLeft / 1000)),
        scope: counter.scope,
      };
    },
    close: () => taker.close(),
  };
}

async function openTake(options: LimiterOptions, counters: Counter[]): Promise<LimitTake> {
  const budget = options.budget ?? 'message';
  if (options.store === 'redis') {
    const client = openRedis(
      options.redisUrl ?? 'redis://127.0.0.1:6379',
      options.storeTimeoutMs ? { commandTimeoutMs: options.storeTimeoutMs } : {},
    );
    return createRedisLimitTake(client, budget === 'message' ? LIMIT_KEY_PREFIX : `${LIMIT_KEY_PREFIX}${budget}:`);
  }
  if (options.store === 'memory') return createMemoryLimitTake(counters.length);
  const tables = counters.map((counter) => `${budget === 'message' ? 'rate' : budget}_limits_${counter.scope}`);
  const database = openSqlite(options.sqlitePath ?? ':memory:');
  try {
    return createSqliteLimitTake(database, tables, options.storeTimeoutMs);
  } catch (error) {
    database.close();
    throw new StoreUnavailableError(
      `rate limit tables cannot be created: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

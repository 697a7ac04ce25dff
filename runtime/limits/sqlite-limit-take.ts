import { DEFAULT_STORE_TIMEOUT_MS, retryWhileBusy } from '../stores/retry-while-busy.ts';
import { type SqliteDatabase, type SqliteStatement, sqliteTransaction } from '../stores/sqlite-database.ts';
import { StoreUnavailableError } from '../stores/store-unavailable-error.ts';
import { COUNTER_SWEEP_INTERVAL_MS, type CounterState, type LimitTake, type TakeOutcome } from './limit-take.ts';

interface CounterRow {
  points: number;
  expire: number | null;
}

interface CounterTable {
  read: SqliteStatement<[string, number], CounterRow>;
  add: SqliteStatement<[string, number, number, number], CounterRow>;
  sweep: SqliteStatement<[number]>;
}

/**
 * All-or-nothing takes on counters in a SQLite file, one table per counter (`tables[i]` holds the counters of
 * slot i): every take is one immediate transaction that reads each counter, refuses without writing when one is at
 * its limit, else counts the request in all of them — exact across the connections and processes sharing the file.
 * The tables keep rate-limiter-flexible's layout (`key`, `points`, `expire` in ms), so counters written by earlier
 * versions keep counting. A locked file is retried until `storeTimeoutMs` (default 2000), then StoreUnavailableError;
 * expired counters are deleted every five minutes. `close` closes the database.
 */
export function createSqliteLimitTake(
  database: SqliteDatabase,
  tables: string[],
  storeTimeoutMs = DEFAULT_STORE_TIMEOUT_MS,
): LimitTake {
  const counters = tables.map((table): CounterTable => {
    database.exec(
      `CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`,
    );
    return {
      read: database.prepare(`SELECT points, expire FROM ${table} WHERE key = ? AND (expire > ? OR expire IS NULL)`),
      add: database.prepare(
        `INSERT INTO ${table} (key, points, expire) VALUES (?, 1, ?) ON CONFLICT(key) DO UPDATE SET
           points = CASE WHEN expire IS NULL OR expire > ? THEN points + 1 ELSE 1 END,
           expire = CASE WHEN expire IS NULL OR expire > ? THEN expire ELSE excluded.expire END
         RETURNING points, expire`,
      ),
      sweep: database.prepare(`DELETE FROM ${table} WHERE expire < ?`),
    };
  });
  const counterAt = (index: number): CounterTable => {
    const counter = counters[index];
    if (!counter) throw new Error(`no counter table for slot ${index}`);
    return counter;
  };
  const msLeft = (row: CounterRow | undefined, now: number, fallback: number): number =>
    row?.expire == null ? fallback : Math.max(0, row.expire - now);
  const take = sqliteTransaction(
    database,
    (slots: Parameters<LimitTake['take']>[0], now: number): TakeOutcome => {
      for (const [index, slot] of slots.entries()) {
        const row = counterAt(index).read.get(slot.key, now);
        if ((row?.points ?? 0) >= slot.limit)
          return {
            allowed: false,
            refusedIndex: index,
            consumed: row?.points ?? 0,
            msLeft: msLeft(row, now, slot.secondsLeft * 1000),
          };
      }
      const states = slots.map((slot, index): CounterState => {
        const row = counterAt(index).add.get(slot.key, now + slot.secondsLeft * 1000, now, now);
        return { consumed: row?.points ?? 1, msLeft: msLeft(row, now, slot.secondsLeft * 1000) };
      });
      return { allowed: true, counters: states };
    },
    { immediate: true },
  );
  let closed = false;
  const sweep = setInterval(() => {
    try {
      for (const counter of counters) counter.sweep.run(Date.now());
    } catch {
      // A locked or closed database: the next sweep deletes them.
    }
  }, COUNTER_SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    take: (slots) =>
      retryWhileBusy(
        'rate limit store',
        () => {
          if (closed) throw new StoreUnavailableError('The rate limit store is closed.');
          return take(slots, Date.now());
        },
        storeTimeoutMs,
      ),
    async close() {
      closed = true;
      clearInterval(sweep);
      database.close();
    },
  };
}

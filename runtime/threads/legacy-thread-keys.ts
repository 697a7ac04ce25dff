import type { Redis } from 'ioredis';
import { withRedis } from '../stores/open-redis.ts';

/** How the Redis thread store names its keys; `legacy*` are the names of releases before the hash tags. */
export interface ThreadKeyNames {
  threadKey(threadId: string): string;
  messagesKey(threadId: string): string;
  legacyThreadKey(threadId: string): string;
  legacyMessagesKey(threadId: string): string;
  /** The sorted set of every thread by last update; members `<threadId>|<domain>|<fp>`. */
  updatedKey: string;
  /** Holds `2` once no thread is left under a legacy name. */
  layoutKey: string;
}

/** Moves threads from legacy key names to the current ones. */
export interface LegacyThreadMigration {
  /** Renames this thread's legacy keys, if any, before the store touches it (a no-op once everything is moved). */
  migrate(threadId: string): Promise<void>;
}

/** Threads renamed per batch by the background migration. */
const BATCH = 500;

/**
 * Renames the keys of threads written before the hash tags (`<prefix>:thread:<id>` → `<prefix>:thread:{<id>}`).
 * A store with no layout marker and a non-empty thread index may hold such threads (only a standalone Redis can:
 * the old names never worked on a cluster): each thread is then renamed on first touch, and a background walk
 * over the thread index renames the rest and sets the marker. A new store, or one with the marker, costs nothing.
 * RENAMENX never overwrites a thread written under the new name.
 */
export function createLegacyThreadMigration(client: Redis, names: ThreadKeyNames): LegacyThreadMigration {
  let pending: Promise<boolean> | undefined;
  let legacyPossible: boolean | undefined;
  const renameThread = (threadId: string) =>
    withRedis(() =>
      client
        .multi()
        .renamenx(names.legacyThreadKey(threadId), names.threadKey(threadId))
        .renamenx(names.legacyMessagesKey(threadId), names.messagesKey(threadId))
        .exec(),
    );
  const walk = async (): Promise<void> => {
    for (let start = 0; ; start += BATCH) {
      const members = await withRedis(() => client.zrange(names.updatedKey, start, start + BATCH - 1));
      for (const member of members) await renameThread(member.split('|')[0] ?? '');
      if (members.length < BATCH) break;
    }
    await withRedis(() => client.set(names.layoutKey, '2'));
    legacyPossible = false;
  };
  const detect = async (): Promise<boolean> => {
    const [layout, threads] = await withRedis(() =>
      Promise.all([client.get(names.layoutKey), client.exists(names.updatedKey)]),
    );
    if (layout === '2') return false;
    if (threads === 0) {
      await withRedis(() => client.set(names.layoutKey, '2'));
      return false;
    }
    // A walk cut short (Redis away) is started again by the next touch; until then threads move on first touch.
    void walk().catch(() => {
      pending = undefined;
      legacyPossible = undefined;
    });
    return true;
  };
  return {
    async migrate(threadId) {
      if (legacyPossible === undefined) {
        pending ??= detect().catch((error: unknown) => {
          pending = undefined;
          throw error;
        });
        const possible = await pending;
        legacyPossible ??= possible;
      }
      if (legacyPossible) await renameThread(threadId);
    },
  };
}

import { openRedis, withRedis } from '../stores/open-redis.ts';
import type { KeyRecord, KeyVerification } from './key-record.ts';
import { checkKey, newKey, type NewKeyInput } from './key-store.ts';
import { checkPageSignature, pageSignature } from './page-signature.ts';

/** Where the key records live: one hash, field = key id, value = the record as JSON (never the key itself). */
const KEYS_HASH = 'docsmith:keys';

/** API keys shared by every replica through Redis; verification reads a local copy refreshed in the background. */
export interface RedisKeyStore {
  create(input: NewKeyInput): Promise<{ key: string; record: KeyRecord }>;
  list(): Promise<KeyRecord[]>;
  revoke(keyId: string): Promise<boolean>;
  /** Adds records made elsewhere (a keys file), each unless a record of its id is already there; their ids, by outcome. */
  importRecords(records: readonly KeyRecord[]): Promise<{ added: string[]; present: string[] }>;
  verify(token: string | undefined, domain: string): KeyVerification;
  /** The `sig` of a link to a page's Markdown, as the file store makes it. */
  signPage(keyId: string, domain: string, pagePath: string): string | undefined;
  /** Checks a page link's `sig`, as the file store does. */
  verifyPage(signature: string, domain: string, pagePath: string): KeyVerification;
  close(): Promise<void>;
}

/** Options of `createRedisKeyStore`. */
export interface RedisKeyStoreOptions {
  url: string;
  /** How often (ms) the local copy is refreshed from Redis (default 1000): a revocation reaches every replica within it. */
  refreshMs?: number;
  /** Told when a refresh fails (the last good copy keeps serving). */
  onRefreshError?: (error: unknown) => void;
}

/**
 * Opens the Redis key store and loads the keys once (rejects with StoreUnavailableError when Redis cannot be
 * reached). Same key format, hashing and constant-time comparison as the file store (`key-store.ts`).
 */
export async function createRedisKeyStore(options: RedisKeyStoreOptions): Promise<RedisKeyStore> {
  const client = openRedis(options.url);
  let records = new Map<string, KeyRecord>();
  const refresh = async (): Promise<void> => {
    const stored = await withRedis(() => client.hgetall(KEYS_HASH));
    const next = new Map<string, KeyRecord>();
    for (const [id, json] of Object.entries(stored)) {
      try {
        const record = JSON.parse(json) as KeyRecord;
        if (record && record.id === id && typeof record.hash === 'string' && Array.isArray(record.domains))
          next.set(id, record);
      } catch {
        // A record written by something else than docsmith: ignored, like a malformed line of the keys file.
      }
    }
    records = next;
  };
  try {
    await refresh();
  } catch (error) {
    client.disconnect();
    throw error;
  }
  const timer = setInterval(
    () => refresh().catch((error: unknown) => options.onRefreshError?.(error)),
    options.refreshMs ?? 1000,
  );
  timer.unref();
  return {
    async create(input) {
      const created = newKey(input);
      await withRedis(() => client.hset(KEYS_HASH, created.record.id, JSON.stringify(created.record)));
      records.set(created.record.id, created.record);
      return created;
    },
    async list() {
      await refresh();
      return [...records.values()].sort((left, right) => left.createdAt.localeCompare(right.createdAt));
    },
    async revoke(keyId) {
      await refresh();
      const record = records.get(keyId);
      if (!record || record.revokedAt) return false;
      const revoked = { ...record, revokedAt: new Date().toISOString() };
      await withRedis(() => client.hset(KEYS_HASH, keyId, JSON.stringify(revoked)));
      records.set(keyId, revoked);
      return true;
    },
    async importRecords(imported) {
      const added: string[] = [];
      const present: string[] = [];
      for (const record of imported) {
        const stored = await withRedis(() => client.hsetnx(KEYS_HASH, record.id, JSON.stringify(record)));
        (stored === 1 ? added : present).push(record.id);
      }
      await refresh();
      return { added, present };
    },
    verify(token, domain) {
      if (!token) return { ok: false, reason: 'missing' };
      return checkKey(token, domain, (id) => records.get(id));
    },
    signPage(keyId, domain, pagePath) {
      return pageSignature(records.get(keyId), domain, pagePath);
    },
    verifyPage(signature, domain, pagePath) {
      return checkPageSignature(signature, domain, pagePath, (id) => records.get(id));
    },
    async close() {
      clearInterval(timer);
      client.disconnect();
    },
  };
}

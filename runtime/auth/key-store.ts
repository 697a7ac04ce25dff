import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { KeyFileError } from './key-file-error.ts';
import type { KeyRecord, KeyVerification } from './key-record.ts';
import { checkPageSignature, pageSignature } from './page-signature.ts';

/**
 * API keys of the assistant, kept in a JSON file that a running server re-reads when it changes. `create`, `list`
 * and `revoke` throw KeyFileError when the file exists but cannot be read; `verify` keeps the last good keys.
 */
export interface KeyStore {
  create(input: NewKeyInput): { key: string; record: KeyRecord };
  list(): KeyRecord[];
  revoke(keyId: string): boolean;
  verify(token: string | undefined, domain: string): KeyVerification;
  /** The `sig` of a link to a page's Markdown, signed for the key that asked (`pageSignature`); undefined for an unknown or revoked key. */
  signPage(keyId: string, domain: string, pagePath: string): string | undefined;
  /** Checks a page link's `sig` (`checkPageSignature`). */
  verifyPage(signature: string, domain: string, pagePath: string): KeyVerification;
}

/** Options of `createKeyStore`. */
export interface KeyStoreOptions {
  file: string;
  /** How often (ms) `verify` checks the file for changes (default 1000). */
  reloadCheckMs?: number;
}

const KEY_FORMAT = /^ds_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/**
 * Opens the key store. Keys look like `ds_<id>_<secret>` (32 random bytes): high-entropy secrets, so a
 * plain sha256 is enough to store them (no brute-forcing a 256-bit secret), and it keeps verification cheap
 * on the hot path. Comparison is constant-time. The file is written atomically (temp file + rename).
 */
export function createKeyStore(options: KeyStoreOptions): KeyStore {
  const reloadCheckMs = options.reloadCheckMs ?? 1000;
  let records: KeyRecord[] = [];
  let loadedMtime = -1;
  let lastCheck = 0;
  /** Why the file as last seen holds no readable keys (undefined when it did, or does not exist). */
  let unreadable: string | undefined;
  const load = (): void => {
    const mtime = statSync(options.file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime === loadedMtime) return;
    loadedMtime = mtime;
    unreadable = undefined;
    if (mtime === 0) {
      records = [];
      return;
    }
    try {
      const data = JSON.parse(readFileSync(options.file, 'utf8')) as { keys?: KeyRecord[] };
      if (!Array.isArray(data?.keys)) throw new Error('no "keys" list');
      records = data.keys.filter(
        (record) =>
          record && typeof record.id === 'string' && typeof record.hash === 'string' && Array.isArray(record.domains),
      );
    } catch (error) {
      // A keys file caught mid-write by another editor, or corrupted: verify keeps serving the last good keys.
      unreadable = error instanceof SyntaxError ? 'not valid JSON' : (error as Error).message;
    }
  };
  /** Loads for a command that lists or rewrites the file: refuses a file it cannot read rather than overwrite it. */
  const loadReadable = (): void => {
    load();
    if (unreadable !== undefined)
      throw new KeyFileError(
        `${options.file} cannot be read as a keys file (${unreadable}); fix or move it, nothing was written`,
      );
  };
  const save = (): void => {
    mkdirSync(path.dirname(options.file), { recursive: true, mode: 0o700 });
    const temporary = `${options.file}.tmp-${process.pid}`;
    writeFileSync(temporary, `${JSON.stringify({ keys: records }, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, options.file);
    loadedMtime = statSync(options.file).mtimeMs;
  };
  /** Re-reads the file when it changed, at most once every `reloadCheckMs`, for the checks of the serving path. */
  const loadRecent = (): void => {
    const now = Date.now();
    if (now - lastCheck < reloadCheckMs) return;
    lastCheck = now;
    load();
  };
  const findRecord = (keyId: string): KeyRecord | undefined => records.find((candidate) => candidate.id === keyId);
  load();
  return {
    create(input) {
      loadReadable();
      const created = newKey(input);
      records = [...records, created.record];
      save();
      return created;
    },
    list() {
      loadReadable();
      return records.map((record) => ({ ...record }));
    },
    revoke(keyId) {
      loadReadable();
      const record = records.find((candidate) => candidate.id === keyId && !candidate.revokedAt);
      if (!record) return false;
      records = records.map((candidate) =>
        candidate === record ? { ...candidate, revokedAt: new Date().toISOString() } : candidate,
      );
      save();
      return true;
    },
    verify(token, domain) {
      if (!token) return { ok: false, reason: 'missing' };
      loadRecent();
      return checkKey(token, domain, findRecord);
    },
    signPage(keyId, domain, pagePath) {
      return pageSignature(findRecord(keyId), domain, pagePath);
    },
    verifyPage(signature, domain, pagePath) {
      loadRecent();
      return checkPageSignature(signature, domain, pagePath, findRecord);
    },
  };
}

/**
 * Checks a presented key against the record its id names (constant-time on the secret's hash): invalid when
 * malformed, unknown, wrong or revoked; forbidden when the key does not list the domain.
 */
export function checkKey(
  token: string,
  domain: string,
  findRecord: (keyId: string) => KeyRecord | undefined,
): KeyVerification {
  const match = KEY_FORMAT.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const record = findRecord(match[1] ?? '');
  const presented = Buffer.from(sha256(match[2] ?? ''), 'hex');
  const expected = Buffer.from(record?.hash ?? '0'.repeat(64), 'hex');
  const equal = presented.length === expected.length && timingSafeEqual(presented, expected);
  if (!record || !equal || record.revokedAt) return { ok: false, reason: 'invalid' };
  if (!record.domains.includes(domain)) return { ok: false, reason: 'forbidden' };
  return {
    ok: true,
    keyId: record.id,
    org: record.org,
    ...(record.origins ? { origins: record.origins } : {}),
    ...(record.admin ? { admin: true as const } : {}),
  };
}

/** The input of a new key: its domains, organization, optional label, allowed origins and admin flag. */
export interface NewKeyInput {
  domains: string[];
  org: string;
  name?: string;
  origins?: string[];
  admin?: boolean;
}

/** Makes a new key (`ds_<id>_<secret>`, 32 random bytes) and the record to store for it (only the secret's hash). */
export function newKey(input: NewKeyInput, now = new Date()): { key: string; record: KeyRecord } {
  const id = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const record: KeyRecord = {
    id,
    ...(input.name ? { name: input.name } : {}),
    org: input.org,
    domains: [...new Set(input.domains)].sort(),
    ...(input.origins?.length ? { origins: [...new Set(input.origins)].sort() } : {}),
    ...(input.admin ? { admin: true } : {}),
    hash: sha256(secret),
    createdAt: now.toISOString(),
  };
  return { key: `ds_${id}_${secret}`, record };
}

/** sha256 (hex) of a key's secret, as stored in its record. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

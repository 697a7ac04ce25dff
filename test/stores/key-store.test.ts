import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { KeyFileError } from '../../runtime/auth/key-file-error.ts';

describe('API keys', () => {
  let directory: string;
  let file: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-keys-'));
    file = path.join(directory, 'keys.json');
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('stores only a hash and verifies a key for its domains', async () => {
    const store = createKeyStore({ file });
    const { key, record } = store.create({ domains: ['acme', 'beta'], org: 'org-1' });
    expect(key).toMatch(/^ds_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const stored = await readFile(file, 'utf8');
    const secret = key.slice('ds_'.length + 12 + 1);
    expect(secret).toHaveLength(43);
    expect(stored).not.toContain(secret);
    expect(store.verify(key, 'acme')).toEqual({ ok: true, keyId: record.id, org: 'org-1' });
    expect(store.verify(key, 'other')).toEqual({ ok: false, reason: 'forbidden' });
    expect(store.verify(undefined, 'acme')).toEqual({ ok: false, reason: 'missing' });
    expect(store.verify('not-a-key', 'acme')).toEqual({ ok: false, reason: 'invalid' });
    expect(store.verify(`${key.slice(0, -2)}${key.endsWith('xx') ? 'yy' : 'xx'}`, 'acme')).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('signs a page link for one page of one domain with a standing key, and checks it', async () => {
    const store = createKeyStore({ file, reloadCheckMs: 0 });
    const { record } = store.create({ domains: ['acme', 'beta'], org: 'org-1' });
    const other = store.create({ domains: ['acme'], org: 'org-2' }).record;
    const signature = store.signPage(record.id, 'acme', 'guides/setup') as string;
    expect(signature).toMatch(new RegExp(`^${record.id}\\.[\\w-]{22}$`));
    expect(store.signPage(record.id, 'acme', 'guides/setup')).toBe(signature);
    expect(store.verifyPage(signature, 'acme', 'guides/setup')).toEqual({ ok: true, keyId: record.id, org: 'org-1' });
    const refused = { ok: false, reason: 'invalid' };
    expect(store.verifyPage(signature, 'acme', 'guides/other')).toEqual(refused);
    expect(store.verifyPage(signature, 'beta', 'guides/setup')).toEqual(refused);
    expect(store.verifyPage(signature.replace(record.id, other.id), 'acme', 'guides/setup')).toEqual(refused);
    expect(store.verifyPage(`${signature}x`, 'acme', 'guides/setup')).toEqual(refused);
    expect(store.signPage('000000000000', 'acme', 'guides/setup')).toBeUndefined();
    expect(store.revoke(record.id)).toBe(true);
    expect(store.verifyPage(signature, 'acme', 'guides/setup')).toEqual(refused);
    expect(store.signPage(record.id, 'acme', 'guides/setup')).toBeUndefined();
  });

  it('refuses revoked keys and picks up changes other processes write', async () => {
    const server = createKeyStore({ file, reloadCheckMs: 0 });
    const cli = createKeyStore({ file, reloadCheckMs: 0 });
    const { key, record } = cli.create({ domains: ['acme'], org: 'org' });
    expect(server.verify(key, 'acme').ok).toBe(true);
    expect(cli.revoke(record.id)).toBe(true);
    expect(server.verify(key, 'acme')).toEqual({ ok: false, reason: 'invalid' });
    expect(cli.list()[0]?.revokedAt).toBeDefined();
  });

  it('keeps serving the last good keys when the file is corrupted under it', async () => {
    const store = createKeyStore({ file, reloadCheckMs: 0 });
    const { key } = store.create({ domains: ['acme'], org: 'org' });
    await writeFile(file, '{"keys": [');
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    expect(store.verify(key, 'acme').ok).toBe(true);
  });

  it('verifies no key against a corrupt keys file, and refuses to list or rewrite it', async () => {
    await writeFile(file, '{ not json');
    const store = createKeyStore({ file });
    expect(() => store.list()).toThrow(KeyFileError);
    expect(() => store.create({ domains: ['acme'], org: 'org' })).toThrow(
      /keys\.json cannot be read as a keys file \(not valid JSON\); fix or move it, nothing was written$/,
    );
    expect(() => store.revoke('abc')).toThrow(KeyFileError);
    expect(await readFile(file, 'utf8')).toBe('{ not json');
    expect(store.verify('ds_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'acme')).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});

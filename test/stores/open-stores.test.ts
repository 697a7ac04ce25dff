import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { openStores } from '../../runtime/http/open-stores.ts';

describe('openStores', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'docsmith-stores-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps threads, analytics and limits in <data>/docsmith.sqlite and reads the keys file, without a Redis URL', async () => {
    const { key } = createKeyStore({ file: path.join(dataDir, 'keys.json') }).create({ domains: ['acme'], org: 'org' });
    const stores = await openStores({ dataDir, limits: { perKeyPerMonth: 1 } });
    try {
      expect(stores.keys.verify(key, 'acme').ok).toBe(true);
      const { threadId } = await stores.threads.resolveThread({ domain: 'acme', fingerprint: 'caller' });
      await stores.threads.appendMessage({
        threadId,
        domain: 'acme',
        fingerprint: 'caller',
        message: { id: 'u1', role: 'user', text: 'How do I install?', sources: [] },
      });
      await stores.analytics.recordSearch({ domain: 'acme', query: 'install', resultCount: 0, at: new Date() });
      const subject = { keyId: 'k', org: 'org', ip: '127.0.0.1' };
      expect((await stores.limiter.consume(subject)).allowed).toBe(true);
      expect((await stores.limiter.consume(subject)).allowed).toBe(false);
      expect((await stores.feedbackLimiter.consume(subject)).allowed).toBe(true);
      expect(existsSync(path.join(dataDir, 'docsmith.sqlite'))).toBe(true);
    } finally {
      await stores.close();
    }
    const reopened = await openStores({ dataDir, limits: { perKeyPerMonth: 1 } });
    try {
      expect(
        (await reopened.threads.listThreads('acme', 'caller')).threads.map((thread) => thread.messages.length),
      ).toEqual([1]);
      expect((await reopened.limiter.consume({ keyId: 'k', org: 'org', ip: '127.0.0.1' })).allowed).toBe(false);
    } finally {
      await reopened.close();
    }
  });

  it('refuses a Redis store or Redis keys without a Redis URL', async () => {
    await expect(openStores({ dataDir, store: 'redis' })).rejects.toThrow(
      'store "redis" needs redisUrl (env REDIS_URL)',
    );
    await expect(openStores({ dataDir, keyStore: 'redis' })).rejects.toThrow(
      'keyStore "redis" needs redisUrl (env REDIS_URL)',
    );
  });
});

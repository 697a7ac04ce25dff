import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRedisThreadStore } from '../../runtime/threads/redis-thread-store.ts';
import { createSqliteThreadStore } from '../../runtime/threads/sqlite-thread-store.ts';
import type { ThreadStore } from '../../runtime/threads/thread-store.ts';
import { hasRedis, redisTestUrl } from '../helpers/test-prerequisites.ts';

const redisUrl = hasRedis('thread store on redis') ? redisTestUrl : undefined;
const directories: string[] = [];
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

const stores: [string, (() => Promise<ThreadStore>) | undefined][] = [
  ['sqlite', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-threads-'));
    directories.push(directory);
    return createSqliteThreadStore(path.join(directory, 'docsmith.sqlite'));
  }],
  ['redis', redisUrl ? async () => createRedisThreadStore(redisUrl) : undefined],
];

describe.each(stores)('thread store on %s', (name, open) => {
  let store: ThreadStore;
  const domain = `acme-${Math.random().toString(36).slice(2)}`;
  beforeEach(async () => {
    if (!open) return;
    store = await open();
  });
  afterEach(async () => {
    await store?.close();
  });

  it.skipIf(!open)(`stores exchanges and lists a fingerprint's threads with their messages (${name})`, async () => {
    const first = await store.resolveThread({ domain, fp: 'fp-1', threadId: null });
    expect(first.isNew).toBe(true);
    expect(first.threadId).toMatch(/^thr_[0-9a-f]{20}$/);
    await store.appendExchange({
      threadId: first.threadId,
      domain,
      fp: 'fp-1',
      userMessage: { id: 'u1', text: 'How do I install?' },
      assistantMessage: { id: 'a1', text: 'Run npm i [1].', sources: [{ url: '/quickstart#install', title: 'Quickstart', path: 'quickstart', anchor: 'install' }] },
    });
    const again = await store.resolveThread({ domain, fp: 'fp-1', threadId: first.threadId });
    expect(again).toEqual({ threadId: first.threadId, isNew: false });
    await store.appendExchange({ threadId: first.threadId, domain, fp: 'fp-1', userMessage: { id: 'u2', text: 'And on Windows?' }, assistantMessage: { id: 'a2', text: 'Same [1].', sources: [] } });

    const threads = await store.listThreads(domain, 'fp-1');
    expect(threads).toHaveLength(1);
    expect(threads[0]?.messages.map((message) => [message.role, message.text])).toEqual([
      ['user', 'How do I install?'],
      ['assistant', 'Run npm i [1].'],
      ['user', 'And on Windows?'],
      ['assistant', 'Same [1].'],
    ]);
    expect(threads[0]?.messages[1]?.sources[0]?.url).toBe('/quickstart#install');
  });

  it.skipIf(!open)(`never continues a thread of another domain or fingerprint (${name})`, async () => {
    const owned = await store.resolveThread({ domain, fp: 'owner', threadId: null });
    await store.appendExchange({ threadId: owned.threadId, domain, fp: 'owner', userMessage: { id: 'u', text: 'secret question' }, assistantMessage: { id: 'a', text: 'answer', sources: [] } });
    const otherFingerprint = await store.resolveThread({ domain, fp: 'intruder', threadId: owned.threadId });
    const otherDomain = await store.resolveThread({ domain: `${domain}-other`, fp: 'owner', threadId: owned.threadId });
    expect(otherFingerprint.isNew).toBe(true);
    expect(otherFingerprint.threadId).not.toBe(owned.threadId);
    expect(otherDomain.isNew).toBe(true);
    await store.appendExchange({ threadId: owned.threadId, domain, fp: 'intruder', userMessage: { id: 'x', text: 'injected' }, assistantMessage: { id: 'y', text: 'nope', sources: [] } });
    expect((await store.listThreads(domain, 'owner'))[0]?.messages).toHaveLength(2);
    expect(await store.listThreads(domain, 'intruder')).toEqual([]);
  });

  it.skipIf(!open)(`starts a new thread for a thread id docsmith never gives out (${name})`, async () => {
    const owned = await store.resolveThread({ domain, fp: 'crafty', threadId: null });
    await store.appendExchange({ threadId: owned.threadId, domain, fp: 'crafty', userMessage: { id: 'u', text: 'q' }, assistantMessage: { id: 'a', text: 'a', sources: [] } });
    for (const crafted of [`${owned.threadId}:messages`, 'thr_x', "thr_1' OR 1=1 --"]) {
      const resolved = await store.resolveThread({ domain, fp: 'crafty', threadId: crafted });
      expect(resolved.isNew).toBe(true);
      expect(resolved.threadId).toMatch(/^thr_[0-9a-f]{20}$/);
    }
  });
});

describe('redis going away', () => {
  it('fails fast with StoreUnavailableError when Redis is unreachable', async () => {
    const store = createRedisThreadStore('redis://127.0.0.1:1');
    await expect(store.listThreads('acme', 'fp')).rejects.toMatchObject({ name: 'StoreUnavailableError' });
    await store.close();
  });
});

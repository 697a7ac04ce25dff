import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../runtime/stores/open-sqlite.ts';
import { createSqliteAnalyticsStore } from '../../runtime/analytics/sqlite-analytics-store.ts';
import { createRedisThreadStore } from '../../runtime/threads/redis-thread-store.ts';
import { createSqliteThreadStore } from '../../runtime/threads/sqlite-thread-store.ts';
import type { StoredSource, ThreadStore, ThreadStoreOptions } from '../../runtime/threads/thread-store.ts';

/** Stores a question and its answer, as the assistant route does in two steps. */
async function appendExchange(
  store: ThreadStore,
  exchange: {
    threadId: string;
    domain: string;
    fingerprint: string;
    userMessage: { id: string; text: string };
    assistantMessage: { id: string; text: string; sources: StoredSource[] };
  },
): Promise<void> {
  const owner = { threadId: exchange.threadId, domain: exchange.domain, fingerprint: exchange.fingerprint };
  await store.appendMessage({ ...owner, message: { ...exchange.userMessage, role: 'user', sources: [] } });
  await store.appendMessage({ ...owner, message: { ...exchange.assistantMessage, role: 'assistant' } });
}
import { hasRedis, redisTestUrl } from '../helpers/test-prerequisites.ts';

const redisUrl = hasRedis('thread store on redis') ? redisTestUrl : undefined;
const directories: string[] = [];
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

const stores: [string, ((options?: ThreadStoreOptions) => Promise<ThreadStore>) | undefined][] = [
  [
    'sqlite',
    async (options) => {
      const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-threads-'));
      directories.push(directory);
      return createSqliteThreadStore(path.join(directory, 'docsmith.sqlite'), options);
    },
  ],
  // Each store gets its own key prefix: retention sweeps the whole store, and test files share one Redis.
  [
    'redis',
    redisUrl
      ? async (options) =>
          createRedisThreadStore(redisUrl, { ...options, keyPrefix: `test-${Math.random().toString(36).slice(2)}` })
      : undefined,
  ],
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
    const first = await store.resolveThread({ domain, fingerprint: 'fp-1', threadId: null });
    expect(first.isNew).toBe(true);
    expect(first.threadId).toMatch(/^thr_[0-9a-f]{20}$/);
    await appendExchange(store, {
      threadId: first.threadId,
      domain,
      fingerprint: 'fp-1',
      userMessage: { id: 'u1', text: 'How do I install?' },
      assistantMessage: {
        id: 'a1',
        text: 'Run npm i [1].',
        sources: [{ url: '/quickstart#install', title: 'Quickstart', path: 'quickstart', anchor: 'install' }],
      },
    });
    const again = await store.resolveThread({ domain, fingerprint: 'fp-1', threadId: first.threadId });
    expect(again).toEqual({ threadId: first.threadId, isNew: false });
    await appendExchange(store, {
      threadId: first.threadId,
      domain,
      fingerprint: 'fp-1',
      userMessage: { id: 'u2', text: 'And on Windows?' },
      assistantMessage: { id: 'a2', text: 'Same [1].', sources: [] },
    });

    const { threads } = await store.listThreads(domain, 'fp-1');
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
    const owned = await store.resolveThread({ domain, fingerprint: 'owner', threadId: null });
    await appendExchange(store, {
      threadId: owned.threadId,
      domain,
      fingerprint: 'owner',
      userMessage: { id: 'u', text: 'secret question' },
      assistantMessage: { id: 'a', text: 'answer', sources: [] },
    });
    const otherFingerprint = await store.resolveThread({ domain, fingerprint: 'intruder', threadId: owned.threadId });
    const otherDomain = await store.resolveThread({
      domain: `${domain}-other`,
      fingerprint: 'owner',
      threadId: owned.threadId,
    });
    expect(otherFingerprint.isNew).toBe(true);
    expect(otherFingerprint.threadId).not.toBe(owned.threadId);
    expect(otherDomain.isNew).toBe(true);
    await appendExchange(store, {
      threadId: owned.threadId,
      domain,
      fingerprint: 'intruder',
      userMessage: { id: 'x', text: 'injected' },
      assistantMessage: { id: 'y', text: 'nope', sources: [] },
    });
    expect((await store.listThreads(domain, 'owner')).threads[0]?.messages).toHaveLength(2);
    expect((await store.listThreads(domain, 'intruder')).threads).toEqual([]);
  });

  it.skipIf(!open)(`pages a fingerprint's threads with limit and cursor, none lost or repeated (${name})`, async () => {
    const created: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const { threadId } = await store.resolveThread({ domain, fingerprint: 'pager', threadId: null });
      await store.appendMessage({
        threadId,
        domain,
        fingerprint: 'pager',
        message: { id: `u${index}`, role: 'user', text: `question ${index}`, sources: [] },
      });
      created.push(threadId);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await store.listThreads(domain, 'pager', { limit: 3, ...(cursor ? { cursor } : {}) });
      expect(page.threads.length).toBeLessThanOrEqual(3);
      seen.push(...page.threads.map((thread) => thread.threadId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual([...created].sort());
  });

  it.skipIf(!open)(`keeps at most N messages per thread and counts the dropped ones (${name})`, async () => {
    const capped = await (open as (options: ThreadStoreOptions) => Promise<ThreadStore>)({
      maxMessagesPerThread: 4,
      maxListedMessages: 3,
    });
    const { threadId } = await capped.resolveThread({ domain, fingerprint: 'chatty', threadId: null });
    for (let index = 0; index < 6; index += 1)
      await capped.appendMessage({
        threadId,
        domain,
        fingerprint: 'chatty',
        message: { id: `m${index}`, role: 'user', text: `message ${index}`, sources: [] },
      });
    const [thread] = (await capped.listThreads(domain, 'chatty')).threads;
    expect(thread?.messages.map((message) => message.text)).toEqual(['message 3', 'message 4', 'message 5']);
    expect(thread?.omittedMessages).toBe(3);
    await capped.close();
  });

  it.skipIf(!open)(`deletes threads past the retention (${name})`, async () => {
    const { threadId } = await store.resolveThread({ domain, fingerprint: 'old', threadId: null });
    await store.appendMessage({
      threadId,
      domain,
      fingerprint: 'old',
      message: { id: 'u', role: 'user', text: 'old question', sources: [] },
    });
    expect(await store.deleteThreadsBefore(new Date(Date.now() - 60_000))).toBe(0);
    expect(await store.deleteThreadsBefore(new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
    expect((await store.listThreads(domain, 'old')).threads).toEqual([]);
  });

  it.skipIf(!open)(
    `stores an answer that did not complete with its mark, and gives a thread's newest messages to its owner only (${name})`,
    async () => {
      const { threadId } = await store.resolveThread({ domain, fingerprint: 'cut', threadId: null });
      await store.appendMessage({
        threadId,
        domain,
        fingerprint: 'cut',
        message: { id: 'u1', role: 'user', text: 'How do I install?', sources: [] },
      });
      await store.appendMessage({
        threadId,
        domain,
        fingerprint: 'cut',
        message: {
          id: 'a1',
          role: 'assistant',
          text: 'Run npm',
          sources: [],
          incomplete: true,
          failure: 'client_aborted',
        },
      });
      await appendExchange(store, {
        threadId,
        domain,
        fingerprint: 'cut',
        userMessage: { id: 'u2', text: 'And yarn?' },
        assistantMessage: { id: 'a2', text: 'Run yarn add [1].', sources: [] },
      });
      const recent = await store.recentMessages({ threadId, domain, fingerprint: 'cut' }, 3);
      expect(recent.map((message) => message.id)).toEqual(['a1', 'u2', 'a2']);
      expect(recent[0]).toMatchObject({ text: 'Run npm', incomplete: true, failure: 'client_aborted' });
      expect(recent[2]).not.toHaveProperty('incomplete');
      expect(recent[2]).not.toHaveProperty('failure');
      expect((await store.listThreads(domain, 'cut')).threads[0]?.messages[1]).toMatchObject({
        id: 'a1',
        incomplete: true,
        failure: 'client_aborted',
      });
      expect(await store.recentMessages({ threadId, domain, fingerprint: 'someone-else' }, 3)).toEqual([]);
      expect(await store.recentMessages({ threadId, domain: `${domain}-other`, fingerprint: 'cut' }, 3)).toEqual([]);
    },
  );

  it.skipIf(!open)(`starts a new thread for a thread id docsmith never gives out (${name})`, async () => {
    const owned = await store.resolveThread({ domain, fingerprint: 'crafty', threadId: null });
    await appendExchange(store, {
      threadId: owned.threadId,
      domain,
      fingerprint: 'crafty',
      userMessage: { id: 'u', text: 'q' },
      assistantMessage: { id: 'a', text: 'a', sources: [] },
    });
    for (const crafted of [`${owned.threadId}:messages`, 'thr_x', "thr_1' OR 1=1 --"]) {
      const resolved = await store.resolveThread({ domain, fingerprint: 'crafty', threadId: crafted });
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

describe('a SQLite database of an earlier release', () => {
  it('gains the incomplete mark and the analytics outcome, keeping what it held', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-threads-old-'));
    directories.push(directory);
    const file = path.join(directory, 'docsmith.sqlite');
    const old = openSqlite(file);
    old.exec(`
      CREATE TABLE threads (id TEXT PRIMARY KEY, domain TEXT NOT NULL, fp TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, omitted INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, thread_id TEXT NOT NULL, message_id TEXT NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL, sources TEXT NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE analytics_questions (domain TEXT NOT NULL, at INTEGER NOT NULL, thread_id TEXT NOT NULL, message_id TEXT NOT NULL, question TEXT NOT NULL, result_count INTEGER NOT NULL, not_found INTEGER NOT NULL);
      INSERT INTO threads VALUES ('thr_00000000000000000001', 'd', 'f', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 0);
      INSERT INTO messages (thread_id, message_id, role, text, sources, created_at) VALUES ('thr_00000000000000000001', 'a0', 'assistant', 'Old answer.', '[]', '2026-01-01T00:00:00.000Z');
      INSERT INTO analytics_questions VALUES ('d', ${Date.parse('2026-01-01')}, 't', 'a0', 'old question', 1, 0);
    `);
    old.close();
    const store = createSqliteThreadStore(file);
    const owner = { threadId: 'thr_00000000000000000001', domain: 'd', fingerprint: 'f' };
    await store.appendMessage({
      ...owner,
      message: { id: 'a1', role: 'assistant', text: 'Cut', sources: [], incomplete: true, failure: 'shutdown' },
    });
    expect(await store.recentMessages(owner, 2)).toEqual([
      { id: 'a0', role: 'assistant', text: 'Old answer.', sources: [], createdAt: '2026-01-01T00:00:00.000Z' },
      expect.objectContaining({ id: 'a1', text: 'Cut', incomplete: true, failure: 'shutdown' }),
    ]);
    await store.close();
    const analytics = createSqliteAnalyticsStore(file);
    await analytics.recordQuestion({
      domain: 'd',
      threadId: 't',
      messageId: 'a1',
      question: 'new question',
      resultCount: 1,
      notFound: false,
      outcome: 'shutdown',
      at: new Date('2026-01-02'),
    });
    expect(await analytics.report('d', new Date('2025-12-01'), new Date('2026-02-01'))).toMatchObject({
      questions: 2,
      answerFailures: { shutdown: 1 },
    });
    await analytics.close();
  });
});

describe('a SQLite database file deleted or replaced while in use', () => {
  it('is reported, and writes are refused instead of going into the void', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-threads-gone-'));
    directories.push(directory);
    const file = path.join(directory, 'data', 'docsmith.sqlite');
    const store = createSqliteThreadStore(file);
    expect(await store.problem()).toBeUndefined();
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await rm(file);
    expect(await store.problem()).toMatch(/was deleted/);
    await expect(
      store.appendMessage({
        threadId: 'thr_00000000000000000000',
        domain: 'd',
        fingerprint: 'f',
        message: { id: 'u', role: 'user', text: 'q', sources: [] },
      }),
    ).rejects.toMatchObject({ name: 'StoreUnavailableError' });
    await writeFile(file, '');
    expect(await store.problem()).toMatch(/was replaced/);
    await store.close();
  });
});

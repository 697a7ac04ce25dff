import { openSqlite } from '../stores/open-sqlite.ts';
import { StoreUnavailableError } from '../stores/store-unavailable-error.ts';
import { isThreadId, newThreadId, type StoredMessage, type Thread, type ThreadStore } from './thread-store.ts';

interface ThreadRow {
  id: string;
  domain: string;
  fp: string;
  created_at: string;
  updated_at: string;
}

interface MessageRow {
  thread_id: string;
  message_id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: string;
  created_at: string;
}

/** Threads in a SQLite file (WAL); the default store of a single runtime. */
export function createSqliteThreadStore(file: string): ThreadStore {
  const database = openSqlite(file);
  database.exec(`
    CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, domain TEXT NOT NULL, fp TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS threads_by_owner ON threads (domain, fp, updated_at);
    CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, thread_id TEXT NOT NULL, message_id TEXT NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL, sources TEXT NOT NULL, created_at TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS messages_by_thread ON messages (thread_id, seq);
  `);
  const findThread = database.prepare<[string], ThreadRow>('SELECT * FROM threads WHERE id = ?');
  const insertThread = database.prepare('INSERT OR IGNORE INTO threads (id, domain, fp, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const touchThread = database.prepare('UPDATE threads SET updated_at = ? WHERE id = ?');
  const insertMessage = database.prepare('INSERT INTO messages (thread_id, message_id, role, text, sources, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const threadsOf = database.prepare<[string, string], ThreadRow>('SELECT * FROM threads WHERE domain = ? AND fp = ? ORDER BY updated_at DESC, id LIMIT 100');
  const messagesOf = database.prepare<[string], MessageRow>('SELECT * FROM messages WHERE thread_id = ? ORDER BY seq');
  const append = database.transaction((exchange: Parameters<ThreadStore['appendExchange']>[0], now: string) => {
    insertThread.run(exchange.threadId, exchange.domain, exchange.fp, now, now);
    touchThread.run(now, exchange.threadId);
    insertMessage.run(exchange.threadId, exchange.userMessage.id, 'user', exchange.userMessage.text, '[]', now);
    insertMessage.run(exchange.threadId, exchange.assistantMessage.id, 'assistant', exchange.assistantMessage.text, JSON.stringify(exchange.assistantMessage.sources), now);
  });
  const guard = <T>(operation: () => T): T => {
    try {
      return operation();
    } catch (error) {
      throw new StoreUnavailableError(`thread store is unavailable: ${(error as Error).message}`);
    }
  };
  return {
    async resolveThread({ domain, fp, threadId }) {
      if (threadId && isThreadId(threadId)) {
        const row = guard(() => findThread.get(threadId));
        if (row && row.domain === domain && row.fp === fp) return { threadId, isNew: false };
      }
      return { threadId: newThreadId(), isNew: true };
    },
    async appendExchange(exchange) {
      const existing = guard(() => findThread.get(exchange.threadId));
      if (existing && (existing.domain !== exchange.domain || existing.fp !== exchange.fp)) return;
      guard(() => append(exchange, new Date().toISOString()));
    },
    async listThreads(domain, fp) {
      return guard(() =>
        threadsOf.all(domain, fp).map(
          (row): Thread => ({
            threadId: row.id,
            domain: row.domain,
            fp: row.fp,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
            messages: messagesOf.all(row.id).map(
              (message): StoredMessage => ({ id: message.message_id, role: message.role, text: message.text, sources: JSON.parse(message.sources) as StoredMessage['sources'], createdAt: message.created_at }),
            ),
          }),
        ),
      );
    },
    async close() {
      database.close();
    },
  };
}

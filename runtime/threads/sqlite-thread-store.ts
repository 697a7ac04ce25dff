import { databaseFileIdentity } from '../stores/database-file-identity.ts';
import { openSqlite } from '../stores/open-sqlite.ts';
import { sqliteColumnNames, sqliteTransaction } from '../stores/sqlite-database.ts';
import { retryWhileBusy } from '../stores/retry-while-busy.ts';
import { StoreUnavailableError } from '../stores/store-unavailable-error.ts';
import {
  DEFAULT_THREAD_PAGE,
  decodeThreadCursor,
  encodeThreadCursor,
  isThreadId,
  newThreadId,
  type StoredMessage,
  type Thread,
  type ThreadStore,
  type ThreadStoreOptions,
} from './thread-store.ts';

interface ThreadRow {
  id: string;
  domain: string;
  fp: string;
  created_at: string;
  updated_at: string;
  omitted: number;
}

interface MessageRow {
  message_id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: string;
  created_at: string;
  incomplete: number;
  failure: StoredMessage['failure'] | null;
}

/** A message row as the interface shows it: the incomplete mark only on messages that carry one. */
function storedMessage(row: MessageRow): StoredMessage {
  return {
    id: row.message_id,
    role: row.role,
    text: row.text,
    sources: JSON.parse(row.sources) as StoredMessage['sources'],
    createdAt: row.created_at,
    ...(row.incomplete ? { incomplete: true as const } : {}),
    ...(row.failure ? { failure: row.failure } : {}),
  };
}

/**
 * Threads in a SQLite file (WAL); the default store of a single runtime. Every operation goes through
 * retryWhileBusy (a lock held by another process is waited for asynchronously, up to `storeTimeoutMs`), and
 * writes are refused once the database file was deleted or replaced.
 */
export function createSqliteThreadStore(file: string, options: ThreadStoreOptions = {}): ThreadStore {
  const maxListed = options.maxListedMessages ?? 50;
  // Closing drops the prepared statements with the connection: a closed store holds nothing of its database, and an
  // operation after close is a StoreUnavailableError, not a driver's TypeError.
  let open: ThreadDatabase | undefined = openThreadDatabase(file, options.maxMessagesPerThread ?? 200);
  const fileProblem = databaseFileIdentity(file);
  const run = <T>(operation: (database: ThreadDatabase) => T): Promise<T> =>
    retryWhileBusy(
      'thread store',
      () => {
        if (!open) throw new StoreUnavailableError('The thread store is closed.');
        return operation(open);
      },
      options.storeTimeoutMs,
    );
  const toThread = (database: ThreadDatabase, row: ThreadRow): Thread => {
    const messages = database.newestMessages.all(row.id, maxListed + 1);
    const listed = messages.slice(-maxListed);
    const total = database.countMessages.get(row.id)?.count ?? listed.length;
    const omitted = row.omitted + total - listed.length;
    return {
      threadId: row.id,
      domain: row.domain,
      fp: row.fp,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      messages: listed.map(storedMessage),
      ...(omitted > 0 ? { omittedMessages: omitted } : {}),
    };
  };
  return {
    async resolveThread({ domain, fingerprint, threadId }) {
      if (threadId && isThreadId(threadId)) {
        const row = await run((database) => database.findThread.get(threadId));
        if (row && row.domain === domain && row.fp === fingerprint) return { threadId, isNew: false };
      }
      return { threadId: newThreadId(), isNew: true };
    },
    async appendMessage(input) {
      const problem = fileProblem();
      if (problem) throw new StoreUnavailableError(problem);
      await run((database) => database.append(input, new Date().toISOString()));
    },
    async recentMessages({ threadId, domain, fingerprint }, count) {
      return run((database) => {
        const row = database.findThread.get(threadId);
        return row && row.domain === domain && row.fp === fingerprint
          ? database.newestMessages.all(threadId, count).map(storedMessage)
          : [];
      });
    },
    async listThreads(domain, fingerprint, page = {}) {
      const limit = page.limit ?? DEFAULT_THREAD_PAGE;
      const after = decodeThreadCursor(page.cursor);
      return run((database) => {
        const rows = after
          ? database.nextPage.all(domain, fingerprint, after.updatedAt, after.updatedAt, after.threadId, limit + 1)
          : database.firstPage.all(domain, fingerprint, limit + 1);
        const shown = rows.slice(0, limit);
        const last = shown.at(-1);
        return {
          threads: shown.map((row) => toThread(database, row)),
          ...(rows.length > limit && last ? { nextCursor: encodeThreadCursor(last.updated_at, last.id) } : {}),
        };
      });
    },
    async deleteThreadsBefore(before) {
      return run((database) => database.purge(before.toISOString()));
    },
    async problem() {
      return fileProblem();
    },
    async close() {
      open?.connection.close();
      open = undefined;
    },
  };
}

type ThreadDatabase = ReturnType<typeof openThreadDatabase>;

/** Opens the database (creating or migrating its tables), prepares the statements and the two write transactions. */
function openThreadDatabase(file: string, maxMessages: number) {
  const connection = openSqlite(file);
  connection.exec(`
    CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, domain TEXT NOT NULL, fp TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS threads_by_owner ON threads (domain, fp, updated_at);
    CREATE INDEX IF NOT EXISTS threads_by_update ON threads (updated_at);
    CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, thread_id TEXT NOT NULL, message_id TEXT NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL, sources TEXT NOT NULL, created_at TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS messages_by_thread ON messages (thread_id, seq);
  `);
  if (!sqliteColumnNames(connection, 'threads').includes('omitted'))
    connection.exec('ALTER TABLE threads ADD COLUMN omitted INTEGER NOT NULL DEFAULT 0');
  if (!sqliteColumnNames(connection, 'messages').includes('incomplete')) {
    connection.exec(
      'ALTER TABLE messages ADD COLUMN incomplete INTEGER NOT NULL DEFAULT 0; ALTER TABLE messages ADD COLUMN failure TEXT',
    );
  }
  const findThread = connection.prepare<[string], ThreadRow>('SELECT * FROM threads WHERE id = ?');
  const insertThread = connection.prepare(
    'INSERT OR IGNORE INTO threads (id, domain, fp, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const touchThread = connection.prepare('UPDATE threads SET updated_at = ? WHERE id = ?');
  const insertMessage = connection.prepare(
    'INSERT INTO messages (thread_id, message_id, role, text, sources, created_at, incomplete, failure) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const countMessages = connection.prepare<[string], { count: number }>(
    'SELECT count(*) AS count FROM messages WHERE thread_id = ?',
  );
  const dropOldest = connection.prepare(
    'DELETE FROM messages WHERE seq IN (SELECT seq FROM messages WHERE thread_id = ? ORDER BY seq LIMIT ?)',
  );
  const addOmitted = connection.prepare('UPDATE threads SET omitted = omitted + ? WHERE id = ?');
  const expiredThreads = connection.prepare<[string], { id: string }>('SELECT id FROM threads WHERE updated_at < ?');
  const deleteThread = connection.prepare('DELETE FROM threads WHERE id = ?');
  const deleteMessagesOf = connection.prepare('DELETE FROM messages WHERE thread_id = ?');
  return {
    connection,
    findThread,
    countMessages,
    firstPage: connection.prepare<[string, string, number], ThreadRow>(
      'SELECT * FROM threads WHERE domain = ? AND fp = ? ORDER BY updated_at DESC, id LIMIT ?',
    ),
    nextPage: connection.prepare<[string, string, string, string, string, number], ThreadRow>(
      'SELECT * FROM threads WHERE domain = ? AND fp = ? AND (updated_at < ? OR (updated_at = ? AND id > ?)) ORDER BY updated_at DESC, id LIMIT ?',
    ),
    newestMessages: connection.prepare<[string, number], MessageRow>(
      'SELECT * FROM (SELECT * FROM messages WHERE thread_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq',
    ),
    append: sqliteTransaction(connection, (input: Parameters<ThreadStore['appendMessage']>[0], now: string) => {
      const existing = findThread.get(input.threadId);
      if (existing && (existing.domain !== input.domain || existing.fp !== input.fingerprint)) return;
      insertThread.run(input.threadId, input.domain, input.fingerprint, now, now);
      touchThread.run(now, input.threadId);
      insertMessage.run(
        input.threadId,
        input.message.id,
        input.message.role,
        input.message.text,
        JSON.stringify(input.message.sources),
        now,
        input.message.incomplete ? 1 : 0,
        input.message.failure ?? null,
      );
      const excess = (countMessages.get(input.threadId)?.count ?? 0) - maxMessages;
      if (excess > 0) {
        dropOldest.run(input.threadId, excess);
        addOmitted.run(excess, input.threadId);
      }
    }),
    purge: sqliteTransaction(connection, (before: string) => {
      const ids = expiredThreads.all(before).map((row) => row.id);
      for (const id of ids) {
        deleteMessagesOf.run(id);
        deleteThread.run(id);
      }
      return ids.length;
    }),
  };
}

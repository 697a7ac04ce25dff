import { encodeThreadCursor, type Thread, type ThreadPage } from './thread-store.ts';

/** Default byte budget of one GET …/threads response (1 MiB). */
export const DEFAULT_THREAD_PAGE_BYTES = 1024 * 1024;

/**
 * Keeps a page of threads within a byte budget (its JSON size): threads past the budget move to the next page
 * (the cursor is moved back accordingly), and the first thread, if alone too large, loses its oldest messages,
 * which `omittedMessages` counts. The page always shows at least one thread when there is one.
 */
export function capThreadPage(page: ThreadPage, maxBytes = DEFAULT_THREAD_PAGE_BYTES): ThreadPage {
  const threads: Thread[] = [];
  let used = 0;
  for (const thread of page.threads) {
    const size = Buffer.byteLength(JSON.stringify(thread));
    if (threads.length > 0 && used + size > maxBytes) {
      const last = threads.at(-1) as Thread;
      return { threads, nextCursor: encodeThreadCursor(last.updatedAt, last.threadId) };
    }
    threads.push(threads.length === 0 && size > maxBytes ? shrinkThread(thread, maxBytes) : thread);
    used += size;
  }
  return { threads, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

function shrinkThread(thread: Thread, maxBytes: number): Thread {
  const messages = [...thread.messages];
  let size = Buffer.byteLength(JSON.stringify(thread));
  let dropped = 0;
  while (messages.length > 1 && size > maxBytes) {
    size -= Buffer.byteLength(JSON.stringify(messages.shift()));
    dropped += 1;
  }
  const omitted = (thread.omittedMessages ?? 0) + dropped;
  const kept = messages.map((message) =>
    size > maxBytes ? { ...message, text: `${message.text.slice(0, Math.max(0, maxBytes / 2))}…` } : message,
  );
  return { ...thread, messages: kept, ...(omitted > 0 ? { omittedMessages: omitted } : {}) };
}

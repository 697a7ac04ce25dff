import { randomBytes } from 'node:crypto';
import type { AnswerFailureReason } from '../assistant/answer-failure.ts';

/** A source cited by an assistant message. */
export interface StoredSource {
  url: string;
  title: string;
  path: string;
  anchor: string;
}

/** Marks an assistant message that did not complete: `text` is what was said until it stopped, and why it stopped. */
export interface IncompleteMark {
  incomplete?: true;
  failure?: AnswerFailureReason;
}

/** One message of a thread. */
export interface StoredMessage extends IncompleteMark {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: StoredSource[];
  createdAt: string;
}

/** A conversation of one fingerprint on one domain, as GET …/threads lists it. */
export interface Thread {
  threadId: string;
  domain: string;
  /** The fingerprint (the caller) the thread belongs to, under the wire's name. */
  fp: string;
  createdAt: string;
  updatedAt: string;
  messages: StoredMessage[];
  /** How many of the oldest messages are not in `messages` (dropped past the thread cap, or left out of a listing). */
  omittedMessages?: number;
}

/** A message to store: the question when the request is accepted, the answer when it completes or fails (marked). */
export interface NewMessage extends IncompleteMark {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: StoredSource[];
}

/** One page of a fingerprint's threads; `nextCursor` fetches the next. */
export interface ThreadPage {
  threads: Thread[];
  nextCursor?: string;
}

/** Which page of threads to list. */
export interface ThreadPageRequest {
  /** Threads per page (default 20). */
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
}

/** Options shared by the thread stores. */
export interface ThreadStoreOptions {
  /** Messages kept per thread (default 200); older ones are dropped and counted in `omittedMessages`. */
  maxMessagesPerThread?: number | undefined;
  /** Messages per thread in a listing, the newest (default 50); the rest are counted in `omittedMessages`. */
  maxListedMessages?: number;
  /** Milliseconds an operation may wait for the store before StoreUnavailableError (default 2000). */
  storeTimeoutMs?: number | undefined;
}

/** Where conversations are kept: SQLite (one replica) or Redis (many), behind one interface. */
export interface ThreadStore {
  /** The thread to continue: the given id when it belongs to this domain and fingerprint, else a new one. */
  resolveThread(input: {
    domain: string;
    fingerprint: string;
    threadId?: string | null;
  }): Promise<{ threadId: string; isNew: boolean }>;
  /** Stores one message, creating the thread; a thread of another domain or fingerprint is left untouched. */
  appendMessage(input: { threadId: string; domain: string; fingerprint: string; message: NewMessage }): Promise<void>;
  /** The newest `count` messages of a thread, oldest first; none when the thread is not this domain's and fingerprint's. */
  recentMessages(
    input: { threadId: string; domain: string; fingerprint: string },
    count: number,
  ): Promise<StoredMessage[]>;
  /** Threads of a fingerprint on a domain, most recently updated first, one page at a time. */
  listThreads(domain: string, fingerprint: string, page?: ThreadPageRequest): Promise<ThreadPage>;
  /** Deletes threads last updated before the given time (retention); resolves to how many. */
  deleteThreadsBefore(before: Date): Promise<number>;
  /** Why the store cannot be used right now (e.g. its database file was deleted or replaced), or undefined. */
  problem(): Promise<string | undefined>;
  close(): Promise<void>;
}

/** Default threads per page of GET …/threads. */
export const DEFAULT_THREAD_PAGE = 20;

/** An opaque cursor for the thread after which the next page starts (updated time, then id). */
export function encodeThreadCursor(updatedAt: string, threadId: string): string {
  return Buffer.from(`${updatedAt}|${threadId}`).toString('base64url');
}

/** Reads a cursor of encodeThreadCursor; undefined when it is not one (the listing then starts at the top). */
export function decodeThreadCursor(cursor: string | undefined): { updatedAt: string; threadId: string } | undefined {
  if (!cursor) return undefined;
  const [updatedAt, threadId] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!updatedAt || !threadId || !isThreadId(threadId) || Number.isNaN(Date.parse(updatedAt))) return undefined;
  return { updatedAt, threadId };
}

const THREAD_ID = /^thr_[0-9a-f]{20}$/;

/** Whether a client-sent thread id has the shape docsmith gives them (anything else starts a new thread). */
export function isThreadId(value: string): boolean {
  return THREAD_ID.test(value);
}

/** A fresh thread id (`thr_` + 20 random hex digits). */
export function newThreadId(): string {
  return `thr_${randomBytes(10).toString('hex')}`;
}

import { randomBytes } from 'node:crypto';

/** A source cited by an assistant message. */
export interface StoredSource {
  url: string;
  title: string;
  path: string;
  anchor: string;
}

/** One message of a thread. */
export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: StoredSource[];
  createdAt: string;
}

/** A conversation of one fingerprint on one domain. */
export interface Thread {
  threadId: string;
  domain: string;
  fp: string;
  createdAt: string;
  updatedAt: string;
  messages: StoredMessage[];
}

/** One question and its answer, stored after the answer finished streaming. */
export interface Exchange {
  threadId: string;
  domain: string;
  fp: string;
  userMessage: { id: string; text: string };
  assistantMessage: { id: string; text: string; sources: StoredSource[] };
}

/** Where conversations are kept: SQLite (one replica) or Redis (many), behind one interface. */
export interface ThreadStore {
  /** The thread to continue: the given id when it belongs to this domain and fingerprint, else a new one. */
  resolveThread(input: { domain: string; fp: string; threadId?: string | null }): Promise<{ threadId: string; isNew: boolean }>;
  appendExchange(exchange: Exchange): Promise<void>;
  /** Threads of a fingerprint on a domain with their messages, most recently updated first. */
  listThreads(domain: string, fp: string): Promise<Thread[]>;
  close(): Promise<void>;
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

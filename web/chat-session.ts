import { problemFromFailure, problemFromResponse, type AssistantProblem } from './assistant-problem.ts';
import { readAnswerStream, type ChatMessage } from './ui-message-stream.ts';

/** Where a browser chat sends its questions. */
export interface ChatTarget {
  /** Base URL of the docsmith runtime, e.g. `https://assistant.example.com/` (a path prefix is kept). */
  baseUrl: string;
  domain: string;
  key: string;
}

/** `ready`: nothing under way; `submitted`: waiting for the first byte; `streaming`: the answer is arriving; `error`: the last question got no full answer. */
export type ChatStatus = 'ready' | 'submitted' | 'streaming' | 'error';

/** Messages sent with a question: the server reads the previous turn and the thread id, not the whole history. */
const HISTORY_SENT = 20;

/** The URL of an endpoint of the assistant of `target`: `path` follows `/v1/assistant/<domain>/` (or `/v2/…`). */
export function assistantUrl(target: ChatTarget, version: 'v1' | 'v2', path: string): string {
  return new URL(`${version}/assistant/${encodeURIComponent(target.domain)}/${path}`, target.baseUrl).href;
}

/**
 * A conversation with the assistant of one domain over `POST /v2/assistant/{domain}/message` (the AI SDK's UI
 * message stream): questions, answers with their sources, the thread id, the problem of the last question, and
 * feedback. Every change calls `onChange`. It may begin with the messages of an earlier page (its thread continues).
 */
export class ChatSession {
  messages: ChatMessage[] = [];
  status: ChatStatus = 'ready';
  problem: AssistantProblem | undefined;
  #controller: AbortController | undefined;

  constructor(
    readonly target: ChatTarget,
    readonly fp: string,
    private readonly onChange: () => void,
    messages: ChatMessage[] = [],
  ) {
    this.messages = messages;
  }

  /** The thread the answers so far belong to (the stream's `messageMetadata.threadId`). */
  get threadId(): string | undefined {
    return this.messages.findLast((message) => message.metadata.threadId)?.metadata.threadId;
  }

  /** Asks a question (ignored while an answer is under way). */
  ask(text: string): Promise<void> {
    if (this.busy) return Promise.resolve();
    this.messages.push({ id: `user_${randomId()}`, role: 'user', text, sources: [], metadata: {}, state: 'done' });
    return this.#answer();
  }

  /** Sends the last question again after a problem, dropping its partial answer. */
  retry(): Promise<void> {
    if (this.busy || this.messages.length === 0) return Promise.resolve();
    if (this.messages.at(-1)?.role === 'assistant') this.messages.pop();
    return this.#answer();
  }

  /** Stops the answer under way, if any. */
  stop(): void {
    this.#controller?.abort();
  }

  get busy(): boolean {
    return this.status === 'submitted' || this.status === 'streaming';
  }

  async #answer(): Promise<void> {
    const controller = new AbortController();
    this.#controller = controller;
    this.problem = undefined;
    this.status = 'submitted';
    this.onChange();
    const history = this.messages
      .slice(-HISTORY_SENT)
      .map((message) => ({ id: message.id, role: message.role, parts: [{ type: 'text', text: message.text }] }));
    try {
      const response = await fetch(assistantUrl(this.target, 'v2', 'message'), {
        method: 'POST',
        headers: { authorization: `Bearer ${this.target.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          fp: this.fp,
          threadId: this.threadId ?? null,
          messages: history,
          retrievalPageSize: 5,
          currentPath: location.pathname.slice(0, 200),
        }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) return this.#fail(await problemFromResponse(response));
      const answer: ChatMessage = {
        id: '',
        role: 'assistant',
        text: '',
        sources: [],
        metadata: {},
        state: 'streaming',
      };
      this.messages.push(answer);
      this.status = 'streaming';
      this.onChange();
      await readAnswerStream(response.body, answer, this.onChange);
      this.status = 'ready';
      this.onChange();
    } catch (error) {
      if (controller.signal.aborted) {
        // An answer stopped before its first words is no answer: it is neither shown nor sent back as history;
        // one stopped later keeps its words, marked as stopped.
        const last = this.messages.at(-1);
        if (last?.role === 'assistant' && last.text === '') this.messages.pop();
        else if (last?.role === 'assistant' && last.state === 'streaming') last.state = 'stopped';
        this.status = 'ready';
        this.onChange();
        return;
      }
      this.#fail(problemFromFailure(error, navigator.onLine));
    }
  }

  #fail(problem: AssistantProblem): void {
    console.error(`docsmith assistant (${this.target.domain}): ${problem.developer}`);
    this.problem = problem;
    this.status = 'error';
    this.onChange();
  }

  /** Sends thumbs up/down (and an optional comment) on an answer of this thread; false when it was not recorded. `leaving`: the page is going away (keepalive). */
  async sendFeedback(messageId: string, rating: 'up' | 'down', comment?: string, leaving = false): Promise<boolean> {
    const threadId = this.threadId;
    if (!threadId) return false;
    try {
      const response = await fetch(assistantUrl(this.target, 'v1', 'feedback'), {
        method: 'POST',
        headers: { authorization: `Bearer ${this.target.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fp: this.fp, threadId, messageId, rating, ...(comment ? { comment } : {}) }),
        keepalive: leaving,
      });
      if (!response.ok)
        console.error(
          `docsmith assistant (${this.target.domain}): feedback not recorded: ${(await problemFromResponse(response)).developer}`,
        );
      return response.ok;
    } catch (error) {
      console.error(`docsmith assistant (${this.target.domain}): feedback not sent: ${String(error)}`);
      return false;
    }
  }
}

/** A per-browser identifier for the `fp` field, kept in localStorage (a fresh one each time where storage is blocked). */
export function browserFingerprint(): string {
  try {
    const stored = localStorage.getItem('docsmith-fp');
    if (stored) return stored;
    const created = `fp_${randomId()}`;
    localStorage.setItem('docsmith-fp', created);
    return created;
  } catch {
    return `fp_${randomId()}`;
  }
}

/** 128 random bits in hex (`crypto.randomUUID` exists only in secure contexts; a docs page may be plain http). */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

import { AbstractChat, DefaultChatTransport, type ChatState, type ChatStatus, type UIMessage } from 'ai';

/** Where a browser chat sends its questions. */
export interface ChatTarget {
  /** Origin of the docsmith runtime, e.g. `https://assistant.example.com`. */
  baseUrl: string;
  domain: string;
  key: string;
}

/** A chat with the assistant of one domain: the AI SDK's own client (`AbstractChat` + `DefaultChatTransport`, v2 UI stream). */
export class ChatSession extends AbstractChat<UIMessage> {
  constructor(
    readonly target: ChatTarget,
    readonly fp: string,
    onChange: () => void,
  ) {
    super({
      state: new ObservedChatState(onChange),
      transport: new DefaultChatTransport<UIMessage>({
        api: `${target.baseUrl}/v2/assistant/${encodeURIComponent(target.domain)}/message`,
        headers: { authorization: `Bearer ${target.key}` },
        body: { fp, retrievalPageSize: 5 },
      }),
      onError: onChange,
    });
  }

  /** The thread the answers so far belong to (`messageMetadata.threadId` of the finish part). */
  get threadId(): string | undefined {
    for (const message of [...this.messages].reverse()) {
      const threadId = (message.metadata as { threadId?: unknown } | undefined)?.threadId;
      if (typeof threadId === 'string') return threadId;
    }
    return undefined;
  }

  /** Sends thumbs up/down (and an optional comment) on an answer of this thread. */
  async sendFeedback(messageId: string, rating: 'up' | 'down', comment?: string): Promise<boolean> {
    const threadId = this.threadId;
    if (!threadId) return false;
    const response = await fetch(`${this.target.baseUrl}/v1/assistant/${encodeURIComponent(this.target.domain)}/feedback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.target.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fp: this.fp, threadId, messageId, rating, ...(comment ? { comment } : {}) }),
    });
    return response.ok;
  }
}

/** The chat's state in plain fields; every change calls `onChange` so the view can render. */
class ObservedChatState implements ChatState<UIMessage> {
  #status: ChatStatus = 'ready';
  #error: Error | undefined;
  #messages: UIMessage[] = [];
  constructor(private readonly onChange: () => void) {}
  get status(): ChatStatus {
    return this.#status;
  }
  set status(status: ChatStatus) {
    this.#status = status;
    this.onChange();
  }
  get error(): Error | undefined {
    return this.#error;
  }
  set error(error: Error | undefined) {
    this.#error = error;
    this.onChange();
  }
  get messages(): UIMessage[] {
    return this.#messages;
  }
  set messages(messages: UIMessage[]) {
    this.#messages = [...messages];
    this.onChange();
  }
  pushMessage = (message: UIMessage): void => {
    this.#messages = [...this.#messages, message];
    this.onChange();
  };
  popMessage = (): void => {
    this.#messages = this.#messages.slice(0, -1);
    this.onChange();
  };
  replaceMessage = (index: number, message: UIMessage): void => {
    this.#messages = this.#messages.map((current, position) => (position === index ? message : current));
    this.onChange();
  };
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

/** A per-browser identifier for the `fp` field, kept in localStorage. */
export function browserFingerprint(): string {
  const stored = globalThis.localStorage?.getItem('docsmith-fp');
  if (stored) return stored;
  const created = `fp_${crypto.randomUUID()}`;
  globalThis.localStorage?.setItem('docsmith-fp', created);
  return created;
}

import type { AssistantSource } from './assistant-prompt.ts';
import type { StreamProtocol } from './negotiate-stream-protocol.ts';

/** Token counts reported at the end of a stream. */
export interface StreamUsage {
  promptTokens: number;
  completionTokens: number;
}

/** Writes the parts of one assistant message in a wire protocol (README, "The runtime"). */
export interface StreamEncoder {
  headers: Record<string, string>;
  start(messageId: string, threadId: string): string;
  source(source: AssistantSource): string;
  textStart(): string;
  textDelta(delta: string): string;
  textEnd(): string;
  finish(threadId: string, usage: StreamUsage): string;
  /** An error after the first byte: a generic message, never server internals. */
  error(message: string): string;
}

const TEXT_ID = 'txt_0';

/** The encoder of a protocol: AI SDK 4's data stream (`0:"…"` lines) or the UI message stream (SSE `data:` events). */
export function createStreamEncoder(protocol: StreamProtocol, threadId: string): StreamEncoder {
  return protocol === 'ui' ? uiEncoder(threadId) : dataEncoder(threadId);
}

function dataEncoder(threadId: string): StreamEncoder {
  const line = (code: string, value: unknown): string => `${code}:${JSON.stringify(value)}\n`;
  return {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'x-vercel-ai-data-stream': 'v1',
      'x-thread-id': threadId,
      'access-control-expose-headers': 'x-thread-id',
    },
    start: (messageId) => line('f', { messageId }),
    source: (source) => line('h', { sourceType: 'url', id: source.id, url: source.url, title: source.title }),
    textStart: () => '',
    textDelta: (delta) => line('0', delta),
    textEnd: () => '',
    finish: (finishedThreadId, usage) =>
      line('8', [{ type: 'finish', threadId: finishedThreadId }]) +
      line('2', [{ type: 'finish', threadId: finishedThreadId }]) +
      line('e', { finishReason: 'stop', usage, isContinued: false }) +
      line('d', { finishReason: 'stop', usage }),
    error: (message) => line('3', message),
  };
}

function uiEncoder(threadId: string): StreamEncoder {
  const event = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;
  return {
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-vercel-ai-ui-message-stream': 'v1',
      'x-thread-id': threadId,
      'access-control-expose-headers': 'x-thread-id',
    },
    start: (messageId, startThreadId) => event({ type: 'start', messageId, messageMetadata: { threadId: startThreadId } }),
    source: (source) => event({ type: 'source-url', sourceId: source.id, url: source.url, title: source.title }),
    textStart: () => event({ type: 'text-start', id: TEXT_ID }),
    textDelta: (delta) => event({ type: 'text-delta', id: TEXT_ID, delta }),
    textEnd: () => event({ type: 'text-end', id: TEXT_ID }),
    finish: (finishedThreadId) => `${event({ type: 'finish', messageMetadata: { threadId: finishedThreadId } })}data: [DONE]\n\n`,
    error: (message) => `${event({ type: 'error', errorText: message })}data: [DONE]\n\n`,
  };
}

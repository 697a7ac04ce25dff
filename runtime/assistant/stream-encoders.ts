import type { AssistantSource } from './assistant-prompt.ts';
import type { StreamProtocol } from './negotiate-stream-protocol.ts';

/** Token counts reported at the end of a stream. */
export interface StreamUsage {
  promptTokens: number;
  completionTokens: number;
}

/** Writes the parts of one assistant message in a wire protocol (docs/reference/http-api.mdx, "Ask the assistant"). */
export interface StreamEncoder {
  headers: Record<string, string>;
  start(messageId: string, threadId: string): string;
  /** The retrieved sources of the answer, before its text. */
  sources(question: string, sources: readonly AssistantSource[]): string;
  textStart(): string;
  textDelta(delta: string): string;
  textEnd(): string;
  /** The end of the answer; `notFound` when the docs did not hold it (UI stream: `messageMetadata.notFound`, where the widget offers support). */
  finish(threadId: string, usage: StreamUsage, notFound?: boolean): string;
  /** An error after the first byte: a generic message, never server internals. */
  error(message: string): string;
}

const TEXT_ID = 'txt_0';
/** The tool call id of the `search` tool invocation that carries a data-stream answer's sources. */
const SEARCH_CALL_ID = 'call_search';

/**
 * A source as an item of the `search` tool's result, shaped like a result of `POST /v1/search` (`path`, `content`,
 * `metadata.title`) plus its absolute `url`: what the platform's embed example reads
 * (`source.url || source.path`, `source.metadata?.title`).
 */
function searchToolResultItem(source: AssistantSource): Record<string, unknown> {
  return {
    url: source.url,
    path: `/${source.path}${source.anchor ? `#${source.anchor}` : ''}`,
    content: source.snippet,
    metadata: { title: source.title },
  };
}

/**
 * The encoder of a protocol: AI SDK 4's data stream (`0:"…"` lines; the sources as `h:` source parts, and with
 * `searchToolParts` also as the result of a `search` tool invocation, `9:` + `a:`, where the platform's embed example
 * reads them) or the UI message stream (SSE `data:` events; the sources as `source-url` parts, each with its navigation breadcrumb as
 * `providerMetadata.docsmith.breadcrumb` when it has one).
 */
export function createStreamEncoder(
  protocol: StreamProtocol,
  threadId: string,
  options: StreamEncoderOptions = {},
): StreamEncoder {
  return protocol === 'ui' ? uiEncoder(threadId) : dataEncoder(threadId, options.searchToolParts ?? false);
}

/** Options of `createStreamEncoder`. */
export interface StreamEncoderOptions {
  /** Data stream: also send the sources as the result of a `search` tool invocation (`9:` + `a:`), as the platform's embed example reads them (default false: `h:` source parts only). */
  searchToolParts?: boolean;
}

function dataEncoder(threadId: string, searchToolParts: boolean): StreamEncoder {
  const line = (code: string, value: unknown): string => `${code}:${JSON.stringify(value)}\n`;
  return {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'x-vercel-ai-data-stream': 'v1',
      'x-thread-id': threadId,
      'access-control-expose-headers': 'x-thread-id',
    },
    start: (messageId) => line('f', { messageId }),
    sources: (question, sources) =>
      (searchToolParts
        ? line('9', { toolCallId: SEARCH_CALL_ID, toolName: 'search', args: { query: question } }) +
          line('a', { toolCallId: SEARCH_CALL_ID, result: sources.map(searchToolResultItem) })
        : '') +
      sources
        .map((source) => line('h', { sourceType: 'url', id: source.id, url: source.url, title: source.title }))
        .join(''),
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
    start: (messageId, startThreadId) =>
      event({ type: 'start', messageId, messageMetadata: { threadId: startThreadId } }),
    sources: (_question, sources) =>
      sources
        .map((source) =>
          event({
            type: 'source-url',
            sourceId: source.id,
            url: source.url,
            title: source.title,
            ...(source.breadcrumb?.length ? { providerMetadata: { docsmith: { breadcrumb: source.breadcrumb } } } : {}),
          }),
        )
        .join(''),
    textStart: () => event({ type: 'text-start', id: TEXT_ID }),
    textDelta: (delta) => event({ type: 'text-delta', id: TEXT_ID, delta }),
    textEnd: () => event({ type: 'text-end', id: TEXT_ID }),
    finish: (finishedThreadId, _usage, notFound) =>
      `${event({ type: 'finish', messageMetadata: { threadId: finishedThreadId, ...(notFound ? { notFound: true } : {}) } })}data: [DONE]\n\n`,
    error: (message) => `${event({ type: 'error', errorText: message })}data: [DONE]\n\n`,
  };
}

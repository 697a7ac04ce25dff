import { EventSourceParserStream } from 'eventsource-parser/stream';

/** A source an answer was given, numbered as its `[n]` citations name it. */
export interface AnswerSource {
  number: number;
  url: string;
  title: string;
  /** Where the page sits in the site's navigation (tab, groups), outermost first; empty when the server sends none. */
  breadcrumb: string[];
}

/** One message of a conversation, as the chat shows it. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: AnswerSource[];
  /** `messageMetadata` of the stream: `threadId`, and `notFound` when the docs did not hold the answer. */
  metadata: { threadId?: string; notFound?: boolean };
  /** `streaming` until the finish part arrives; `stopped` when the reader stopped it after words had arrived. */
  state: 'streaming' | 'done' | 'stopped';
}

/** An error part of the stream: the server's reader-facing sentence after the answer had begun. */
export class StreamErrorPart extends Error {
  override name = 'StreamErrorPart';
}

/** The stream ended (or broke) before its finish part. */
export class DroppedStreamError extends Error {
  override name = 'DroppedStreamError';
}

/** A chunk of the AI SDK's UI message stream, as far as the chat reads it (other chunk types are skipped). */
type UIMessageChunk =
  | { type: 'start'; messageId?: string; messageMetadata?: unknown }
  | { type: 'text-delta'; delta: string }
  | {
      type: 'source-url';
      sourceId: string;
      url: string;
      title?: string;
      providerMetadata?: { docsmith?: { breadcrumb?: unknown } };
    }
  | { type: 'message-metadata' | 'finish'; messageMetadata?: unknown }
  | { type: 'error'; errorText: string };

/**
 * Reads an answer in the AI SDK's UI message stream (SSE `data:` events, `[DONE]` last) into `message`, calling
 * `onUpdate` after each chunk that changed it. The same reading as the SDK's `readUIMessageStream` for the chunks the
 * server sends (start, text, source-url, metadata, finish, error), without the SDK's schema library: the widget's
 * size budget (docs/decisions/0150). Rejects with `StreamErrorPart` on an error part and `DroppedStreamError` when
 * the stream ends before its finish part.
 */
export async function readAnswerStream(
  body: ReadableStream<Uint8Array>,
  message: ChatMessage,
  onUpdate: () => void,
): Promise<void> {
  const reader = body
    .pipeThrough(new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>)
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw new DroppedStreamError(`the answer stream broke: ${String(error)}`);
      });
      if (done || value.data === '[DONE]') break;
      applyChunk(message, JSON.parse(value.data) as UIMessageChunk);
      onUpdate();
    }
  } finally {
    reader.releaseLock();
  }
  if (message.state !== 'done') throw new DroppedStreamError('the answer stream ended before its finish part');
}

function applyChunk(message: ChatMessage, chunk: UIMessageChunk): void {
  switch (chunk.type) {
    case 'start':
      if (chunk.messageId) message.id = chunk.messageId;
      mergeMetadata(message, chunk.messageMetadata);
      break;
    case 'text-delta':
      message.text += chunk.delta;
      break;
    case 'source-url': {
      const breadcrumb = chunk.providerMetadata?.docsmith?.breadcrumb;
      message.sources.push({
        number: sourceNumber(chunk.sourceId, message.sources.length),
        url: chunk.url,
        title: chunk.title ?? chunk.url,
        breadcrumb: Array.isArray(breadcrumb)
          ? breadcrumb.filter((item): item is string => typeof item === 'string')
          : [],
      });
      break;
    }
    case 'message-metadata':
      mergeMetadata(message, chunk.messageMetadata);
      break;
    case 'finish':
      mergeMetadata(message, chunk.messageMetadata);
      message.state = 'done';
      break;
    case 'error':
      throw new StreamErrorPart(chunk.errorText);
    default:
      break;
  }
}

function mergeMetadata(message: ChatMessage, metadata: unknown): void {
  if (metadata && typeof metadata === 'object')
    message.metadata = { ...message.metadata, ...(metadata as ChatMessage['metadata']) };
}

/** `src_3` is source 3 (what `[3]` cites); an id without a number takes its position. */
function sourceNumber(sourceId: string, index: number): number {
  const number = /(\d+)$/.exec(sourceId)?.[1];
  return number ? Number(number) : index + 1;
}

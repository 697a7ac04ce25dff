import type { LanguageModelV3 } from '@ai-sdk/provider';
import { streamText } from 'ai';
import { isNotFoundAnswer } from '../analytics/is-not-found-answer.ts';
import { buildAssistantPrompt, type AssistantSource } from './assistant-prompt.ts';
import type { ReaderContext } from './assistant-request.ts';
import type { StreamProtocol } from './negotiate-stream-protocol.ts';
import { createStreamEncoder } from './stream-encoders.ts';

/** What one answer is made from. */
export interface AssistantStreamInput {
  protocol: StreamProtocol;
  question: string;
  previousQuestion?: string;
  /** The assistant's previous answer, given to the model with a follow-up question. */
  previousAnswer?: string;
  sources: AssistantSource[];
  threadId: string;
  messageId: string;
  model: LanguageModelV3;
  siteName?: string;
  /** What the reader selected on the page (request `context`), added to the prompt. */
  readerContext?: readonly ReaderContext[];
  abortSignal?: AbortSignal;
  /** Milliseconds the model may take for the whole answer before the stream ends with a timeout error (default 60000). */
  modelTimeoutMs?: number;
  /** Data stream: the sources also as a `search` tool invocation's result (default false; see createStreamEncoder). */
  searchToolParts?: boolean;
  /**
   * Called once the answer is complete (not after an error), before the finish part, e.g. to store the answer;
   * when it throws, the stream carries an error part instead of the finish part.
   */
  onFinish?: (result: { text: string; sources: AssistantSource[]; usage: { inputTokens: number; outputTokens: number } }) => void | Promise<void>;
  /** Called with the error when generation or onFinish fails after streaming began (the client gets an error part). */
  onError?: (error: unknown) => void;
}

/** A streamed HTTP answer: the protocol's headers and the body bytes. */
export interface AssistantStream {
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array>;
}

const UTF8 = new TextEncoder();
const GENERIC_ERROR = 'The assistant could not complete the answer. Please try again.';
const NOT_STORED_ERROR = 'The answer could not be saved to the conversation. Please try again.';

/** The error a model call gets when it exceeds `modelTimeoutMs`. */
export class ModelTimeoutError extends Error {
  override name = 'ModelTimeoutError';
}

/**
 * Streams an answer in the negotiated protocol: message start (with the thread id), the sources, the
 * model's text deltas (through `ai`'s streamText), then the finish parts carrying the thread id (and, on the UI
 * stream, `notFound` when the answer says the docs do not hold it: isNotFoundAnswer, as analytics counts it).
 */
export function createAssistantStream(input: AssistantStreamInput): AssistantStream {
  const encoder = createStreamEncoder(input.protocol, input.threadId, { searchToolParts: input.searchToolParts ?? false });
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let pending = '';
      let flushScheduled = false;
      let cancelled = false;
      const flush = (): void => {
        flushScheduled = false;
        const text = pending;
        pending = '';
        if (!text || cancelled) return;
        try {
          controller.enqueue(UTF8.encode(text));
        } catch {
          cancelled = true;
        }
      };
      /** Parts written in the same turn of the event loop leave as one chunk (one socket write); a remote model's deltas still leave as they come. */
      const write = (text: string): void => {
        pending += text;
        if (!flushScheduled && pending) {
          flushScheduled = true;
          setImmediate(flush);
        }
      };
      write(encoder.start(input.messageId, input.threadId));
      write(encoder.sources(input.question, input.sources));
      const timeoutMs = input.modelTimeoutMs ?? 60_000;
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const prompt = buildAssistantPrompt(input);
        const result = streamText({
          model: input.model,
          system: prompt.system,
          prompt: prompt.prompt,
          onError: () => undefined,
          abortSignal: input.abortSignal ? AbortSignal.any([input.abortSignal, timeout]) : timeout,
        });
        let text = '';
        let started = false;
        let inputTokens = 0;
        let outputTokens = 0;
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta' && part.text) {
            if (!started) write(encoder.textStart());
            started = true;
            text += part.text;
            write(encoder.textDelta(part.text));
          } else if (part.type === 'finish') {
            inputTokens = part.totalUsage.inputTokens ?? 0;
            outputTokens = part.totalUsage.outputTokens ?? 0;
          } else if (part.type === 'error') {
            throw part.error;
          } else if (part.type === 'abort' && timeout.aborted) {
            throw new ModelTimeoutError(`the answer model did not finish within ${timeoutMs} ms`);
          }
        }
        if (timeout.aborted) throw new ModelTimeoutError(`the answer model did not finish within ${timeoutMs} ms`);
        if (started) write(encoder.textEnd());
        try {
          await input.onFinish?.({ text, usage: { inputTokens, outputTokens }, sources: input.sources });
          write(encoder.finish(input.threadId, { promptTokens: inputTokens, completionTokens: outputTokens }, isNotFoundAnswer(text, input.sources.length)));
        } catch (error) {
          input.onError?.(error);
          write(encoder.error(NOT_STORED_ERROR));
        }
      } catch (error) {
        const timedOut = timeout.aborted && !input.abortSignal?.aborted;
        input.onError?.(timedOut && !(error instanceof ModelTimeoutError) ? new ModelTimeoutError(`the answer model did not finish within ${timeoutMs} ms`) : error);
        write(encoder.error(timedOut ? `The answer model did not respond within ${Number((timeoutMs / 1000).toFixed(1))} s. Please try again.` : GENERIC_ERROR));
      }
      flush();
      if (!cancelled) controller.close();
    },
  });
  return { headers: encoder.headers, body };
}

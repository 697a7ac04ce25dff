import type { LanguageModelV3 } from '@ai-sdk/provider';
import { streamText } from 'ai';
import { isNotFoundAnswer } from '../analytics/is-not-found-answer.ts';
import { buildAssistantPrompt, type AssistantSource } from './assistant-prompt.ts';
import type { ReaderContext } from './assistant-request.ts';
import type { StreamProtocol } from './negotiate-stream-protocol.ts';
import { createStreamEncoder } from './stream-encoders.ts';
import { ServerShutdownError, type AnswerFailure, type AnswerFailureReason } from './answer-failure.ts';

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
   * Called once the answer is complete, before the finish part, e.g. to store the answer; when it throws, the answer
   * fails as `not_stored` and the stream carries an error part instead of the finish part.
   */
  onFinish?: (result: {
    text: string;
    sources: AssistantSource[];
    usage: { inputTokens: number; outputTokens: number };
  }) => void | Promise<void>;
  /**
   * Called once when the answer does not complete (model error, timeout, the client gone, server shutdown, or onFinish
   * failing), with what the model had said until then; awaited before the stream ends, after its error part is sent.
   */
  onFailure?: (failure: AnswerFailure) => void | Promise<void>;
}

/** A streamed HTTP answer: the protocol's headers and the body bytes. */
export interface AssistantStream {
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array>;
}

const UTF8 = new TextEncoder();
/** What the client reads in the error part of each failure (never server internals); `timeout` names the timeout. */
const FAILURE_MESSAGES: Record<Exclude<AnswerFailureReason, 'timeout'>, string> = {
  model_error: 'The assistant could not complete the answer. Please try again.',
  not_stored: 'The answer could not be saved to the conversation. Please try again.',
  shutdown: 'The server is restarting and could not finish this answer. Please ask again.',
  client_aborted: 'The answer was cancelled.',
};

/** The error a model call gets when it exceeds `modelTimeoutMs`. */
export class ModelTimeoutError extends Error {
  override name = 'ModelTimeoutError';
}

/**
 * Streams an answer in the negotiated protocol: message start (with the thread id), the sources, the
 * model's text deltas (through `ai`'s streamText), then the finish parts carrying the thread id (and, on the UI
 * stream, `notFound` when the answer says the docs do not hold it: isNotFoundAnswer, as analytics counts it) — or,
 * when the answer does not complete, an error part saying why (AnswerFailureReason) and `onFailure` with what was said.
 */
export function createAssistantStream(input: AssistantStreamInput): AssistantStream {
  const encoder = createStreamEncoder(input.protocol, input.threadId, {
    searchToolParts: input.searchToolParts ?? false,
  });
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let pending = '';
      let flushScheduled = false;
      let canceled = false;
      const flush = (): void => {
        flushScheduled = false;
        const text = pending;
        pending = '';
        if (!text || canceled) return;
        try {
          controller.enqueue(UTF8.encode(text));
        } catch {
          canceled = true;
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
      /** The failure when the answer was cut: by the client or a shutdown (the route's signal), or by the model timeout. */
      const interruption = (text: string): AnswerFailure | undefined => {
        if (input.abortSignal?.aborted)
          return {
            reason: input.abortSignal.reason instanceof ServerShutdownError ? 'shutdown' : 'client_aborted',
            text,
            error: input.abortSignal.reason,
          };
        if (timeout.aborted)
          return {
            reason: 'timeout',
            text,
            error: new ModelTimeoutError(`the answer model did not finish within ${timeoutMs} ms`),
          };
        return undefined;
      };
      let text = '';
      let failure: AnswerFailure | undefined;
      try {
        const prompt = buildAssistantPrompt(input);
        const result = streamText({
          model: input.model,
          system: prompt.system,
          prompt: prompt.prompt,
          onError: () => undefined,
          abortSignal: input.abortSignal ? AbortSignal.any([input.abortSignal, timeout]) : timeout,
        });
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
          }
        }
        failure = interruption(text);
        if (!failure) {
          if (started) write(encoder.textEnd());
          try {
            await input.onFinish?.({ text, usage: { inputTokens, outputTokens }, sources: input.sources });
            write(
              encoder.finish(
                input.threadId,
                { promptTokens: inputTokens, completionTokens: outputTokens },
                isNotFoundAnswer(text, input.sources.length),
              ),
            );
          } catch (error) {
            failure = { reason: 'not_stored', text, error };
          }
        }
      } catch (error) {
        failure = interruption(text) ?? { reason: 'model_error', text, error };
      }
      if (failure) {
        write(
          encoder.error(
            failure.reason === 'timeout'
              ? `The answer model did not respond within ${Number((timeoutMs / 1000).toFixed(1))} s. Please try again.`
              : FAILURE_MESSAGES[failure.reason],
          ),
        );
        try {
          await input.onFailure?.(failure);
        } catch {
          // onFailure reports its own errors: the stream ends all the same.
        }
      }
      flush();
      if (!canceled) controller.close();
    },
  });
  return { headers: encoder.headers, body };
}

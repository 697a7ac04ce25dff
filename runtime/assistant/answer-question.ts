import { randomBytes } from 'node:crypto';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { AnalyticsStore } from '../analytics/analytics-store.ts';
import { describeQuestion } from '../analytics/describe-question.ts';
import { isNotFoundAnswer } from '../analytics/is-not-found-answer.ts';
import type { LoadedSite } from '../artifacts/create-artifact-store.ts';
import { hybridSearch, type HybridRetrieval, type SearchFilter } from '../search/index.ts';
import type { ThreadStore } from '../threads/thread-store.ts';
import type { AssistantRequestBody } from './assistant-request.ts';
import { createAssistantStream, type AssistantStream } from './create-assistant-stream.ts';
import { currentPagePath } from './current-page-path.ts';
import type { StreamProtocol } from './negotiate-stream-protocol.ts';
import { readConversation } from './read-conversation.ts';
import { retrievalQuery } from './reader-context.ts';
import { sourcesFromResults } from './sources-from-results.ts';
import { summarizeErrorForLog } from './summarize-error-for-log.ts';

/** Where an answer's side effects go: the thread store, analytics, token usage and the log. */
export interface AnswerSinks {
  threads: Pick<ThreadStore, 'resolveThread' | 'appendMessage'>;
  /** Records the question for analytics once answered (default: not recorded). */
  analytics?: Pick<AnalyticsStore, 'recordQuestion'>;
  /** Told the tokens an answer used (default: ignored). */
  onUsage?: (inputTokens: number, outputTokens: number) => void;
  /** Told what went wrong without failing the request (errors summarised, never the prompt): analytics not recorded, the stream failing after it began. */
  log: { warn(details: Record<string, unknown>, message: string): void; error(details: Record<string, unknown>, message: string): void };
}

/** One question to answer, as the route has accepted it (key, limits and body already checked). */
export interface AnswerQuestionInput {
  site: LoadedSite;
  body: AssistantRequestBody;
  protocol: StreamProtocol;
  model: LanguageModelV3;
  sinks: AnswerSinks;
  abortSignal?: AbortSignal;
  /** Milliseconds the model may take for the whole answer (default: createAssistantStream's 60000). */
  modelTimeoutMs?: number;
  /** Embeds the question for sites built with section vectors, with the vector ranking's weight (default: none, lexical retrieval). */
  hybrid?: HybridRetrieval;
  /** Data stream: the sources also as a `search` tool invocation's result (default false). */
  searchToolParts?: boolean;
}

/** An answer under way: its thread and the stream to send. */
export interface AnsweredQuestion {
  threadId: string;
  stream: AssistantStream;
}

/**
 * The assistant use case, top to bottom: read the conversation, retrieve sections (with the reader's selected
 * context), resolve the thread, store the question, stream the answer, then store the answer and record the
 * question for analytics. The route and the serve benchmark both call it.
 */
export async function answerQuestion(input: AnswerQuestionInput): Promise<AnsweredQuestion> {
  const { site, body, sinks } = input;
  const conversation = readConversation(body);
  const readerContext = body.context ?? [];
  const results = await hybridSearch(site.index, retrievalQuery(conversation.question, readerContext), {
    pageSize: body.retrievalPageSize ?? 5,
    ...(body.filter ? { filter: body.filter as SearchFilter } : {}),
    ...(conversation.previousQuestion ? { previousQuery: conversation.previousQuestion } : {}),
    ...(body.currentPath ? { currentPath: currentPagePath(body.currentPath, site.siteUrl) } : {}),
    ...input.hybrid,
    onEmbeddingError: (error) => sinks.log.warn({ domain: site.domain, error: summarizeErrorForLog(error) }, 'question not embedded; lexical retrieval only'),
  });
  const sources = sourcesFromResults(results, site.siteUrl);
  const owner = { domain: site.domain, fp: body.fp };
  const { threadId } = await sinks.threads.resolveThread({ ...owner, threadId: body.threadId ?? conversation.historyThreadId ?? null });
  const messageId = newMessageId();
  const userMessageId = [...body.messages].reverse().find((message) => message.role === 'user')?.id ?? newMessageId();
  await sinks.threads.appendMessage({ threadId, ...owner, message: { id: userMessageId, role: 'user', text: conversation.question, sources: [] } });
  const stream = createAssistantStream({
    protocol: input.protocol,
    question: conversation.question,
    ...(conversation.previousQuestion ? { previousQuestion: conversation.previousQuestion } : {}),
    ...(conversation.previousAnswer ? { previousAnswer: conversation.previousAnswer } : {}),
    sources,
    threadId,
    messageId,
    model: input.model,
    siteName: site.siteName,
    readerContext,
    ...(input.abortSignal ? { abortSignal: input.abortSignal } : {}),
    ...(input.modelTimeoutMs ? { modelTimeoutMs: input.modelTimeoutMs } : {}),
    ...(input.searchToolParts ? { searchToolParts: true } : {}),
    onFinish: async (result) => {
      sinks.onUsage?.(result.usage.inputTokens, result.usage.outputTokens);
      const answer = { id: messageId, role: 'assistant' as const, text: result.text, sources: result.sources.map(({ url, title, path, anchor }) => ({ url, title, path, anchor })) };
      await sinks.threads.appendMessage({ threadId, ...owner, message: answer });
      if (!sinks.analytics) return;
      const insight = describeQuestion(site.index, conversation.question, results, result, body.filter as SearchFilter | undefined);
      await sinks.analytics
        .recordQuestion({ domain: site.domain, threadId, messageId, question: conversation.question, resultCount: results.length, notFound: isNotFoundAnswer(result.text, results.length), at: new Date(), insight })
        .catch((error: unknown) => sinks.log.warn({ threadId, error: summarizeErrorForLog(error) }, 'question not recorded for analytics'));
    },
    onError: (error) => sinks.log.error({ threadId, error: summarizeErrorForLog(error) }, 'answer failed after streaming began'),
  });
  return { threadId, stream };
}

function newMessageId(): string {
  return `msg_${randomBytes(10).toString('hex')}`;
}

import { randomBytes } from 'node:crypto';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { AnalyticsStore } from '../analytics/analytics-store.ts';
import { describeQuestion } from '../analytics/describe-question.ts';
import { isNotFoundAnswer } from '../analytics/is-not-found-answer.ts';
import type { LoadedSite } from '../artifacts/create-artifact-store.ts';
import { hybridSearch, type HybridRetrieval, type SearchFilter } from '../search/index.ts';
import type { PageSigner } from '../artifacts/page-url.ts';
import { pageSections } from '../search/page-sections.ts';
import type { ThreadStore } from '../threads/thread-store.ts';
import type { AssistantRequestBody } from './assistant-request.ts';
import type { AnswerFailureReason } from './answer-failure.ts';
import { createAssistantStream, type AssistantStream } from './create-assistant-stream.ts';
import { currentPagePath } from './current-page-path.ts';
import type { StreamProtocol } from './negotiate-stream-protocol.ts';
import { readConversation } from './read-conversation.ts';
import { readerPagePath, retrievalQuery } from './reader-context.ts';
import { selectSourceSections } from './select-source-sections.ts';
import { sourcesFromResults } from './sources-from-results.ts';
import { summarizeErrorForLog } from './summarize-error-for-log.ts';

/** Where an answer's side effects go: the thread store, analytics, token usage, failures and the log. */
export interface AnswerSinks {
  threads: Pick<ThreadStore, 'resolveThread' | 'appendMessage' | 'recentMessages'>;
  /** Records the question for analytics once answered or failed, with the outcome (default: not recorded). */
  analytics?: Pick<AnalyticsStore, 'recordQuestion'>;
  /** Told the tokens an answer used (default: ignored). */
  onUsage?: (inputTokens: number, outputTokens: number) => void;
  /** Told why an answer did not complete (default: ignored), e.g. to count it. */
  onFailure?: (reason: AnswerFailureReason) => void;
  /** Told what went wrong without failing the request (errors summarised, never the prompt): analytics not recorded, the stream failing after it began. */
  log: {
    info(details: Record<string, unknown>, message: string): void;
    warn(details: Record<string, unknown>, message: string): void;
    error(details: Record<string, unknown>, message: string): void;
  };
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
  modelTimeoutMs?: number | undefined;
  /** Embeds the question for sites built with section vectors, with the vector ranking's weight (default: none, lexical retrieval). */
  hybrid?: HybridRetrieval | undefined;
  /** Data stream: the sources also as a `search` tool invocation's result (default false). */
  searchToolParts?: boolean | undefined;
  /** Where this runtime serves the site's page Markdown (`https://runtime.example/sites/acme`), linked when the site has no site URL (default: root-relative `/sites/<domain>`). */
  markdownBase?: string;
  /** Signs those Markdown links for the key that asked, so a keyed domain's citations open without a key (default: unsigned). */
  signPage?: PageSigner;
}

/** An answer under way: its thread and the stream to send. */
export interface AnsweredQuestion {
  threadId: string;
  stream: AssistantStream;
}

/**
 * The assistant use case, top to bottom: read the conversation, retrieve sections (with the reader's selected
 * context), resolve the thread, store the question, stream the answer, then store the answer and record the
 * question for analytics. An answer that does not complete is stored as far as it went, marked `incomplete` with
 * its failure (unless storing is what failed), and such an answer is not given to the next turn as the previous
 * answer. The route and the serve benchmark both call it.
 */
export async function answerQuestion(input: AnswerQuestionInput): Promise<AnsweredQuestion> {
  const { site, body, sinks } = input;
  const conversation = readConversation(body);
  const readerContext = body.context ?? [];
  const readerPath = readerPagePath(body.currentPath, readerContext);
  const results = await hybridSearch(site.index, retrievalQuery(conversation.question, readerContext), {
    pageSize: body.retrievalPageSize ?? 5,
    ...(body.filter ? { filter: body.filter as SearchFilter } : {}),
    ...(conversation.previousQuestion ? { previousQuery: conversation.previousQuestion } : {}),
    ...(readerPath ? { currentPath: currentPagePath(readerPath, site.siteUrl) } : {}),
    ...input.hybrid,
    onEmbeddingError: (error) =>
      sinks.log.warn(
        { domain: site.domain, error: summarizeErrorForLog(error) },
        'question not embedded; lexical retrieval only',
      ),
  });
  const sources = sourcesFromResults(
    results,
    {
      siteUrl: site.siteUrl,
      domain: site.domain,
      ...(input.markdownBase ? { markdownBase: input.markdownBase } : {}),
      ...(input.signPage ? { signPage: input.signPage } : {}),
    },
    selectSourceSections(conversation.question, results, (path) => pageSections(site.index, path)),
  );
  const owner = { domain: site.domain, fingerprint: body.fp };
  const { threadId, isNew } = await sinks.threads.resolveThread({
    ...owner,
    threadId: body.threadId ?? conversation.historyThreadId ?? null,
  });
  const previousAnswer =
    conversation.previousAnswer &&
    !isNew &&
    (await wasCutShort(sinks.threads, { threadId, ...owner }, conversation.previousAnswerId))
      ? undefined
      : conversation.previousAnswer;
  const messageId = newMessageId();
  const userMessageId = [...body.messages].reverse().find((message) => message.role === 'user')?.id ?? newMessageId();
  await sinks.threads.appendMessage({
    threadId,
    ...owner,
    message: { id: userMessageId, role: 'user', text: conversation.question, sources: [] },
  });
  const storedSources = sources.map(({ url, title, path, anchor }) => ({ url, title, path, anchor }));
  const recordQuestion = (text: string, outcome: 'answered' | AnswerFailureReason): Promise<void> | undefined => {
    if (!sinks.analytics) return undefined;
    // An answer that did not complete cites nothing: its pages are not counted as sources of an answer.
    const insight = describeQuestion(
      site.index,
      conversation.question,
      results,
      outcome === 'answered' ? { text, sources } : { text: '', sources: [] },
      body.filter as SearchFilter | undefined,
    );
    return sinks.analytics
      .recordQuestion({
        domain: site.domain,
        threadId,
        messageId,
        question: conversation.question,
        resultCount: results.length,
        notFound: outcome === 'answered' && isNotFoundAnswer(text, results.length),
        outcome,
        at: new Date(),
        insight,
      })
      .catch((error: unknown) =>
        sinks.log.warn({ threadId, error: summarizeErrorForLog(error) }, 'question not recorded for analytics'),
      );
  };
  const stream = createAssistantStream({
    protocol: input.protocol,
    question: conversation.question,
    ...(conversation.previousQuestion ? { previousQuestion: conversation.previousQuestion } : {}),
    ...(previousAnswer ? { previousAnswer } : {}),
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
      await sinks.threads.appendMessage({
        threadId,
        ...owner,
        message: { id: messageId, role: 'assistant', text: result.text, sources: storedSources },
      });
      await recordQuestion(result.text, 'answered');
    },
    onFailure: async ({ reason, text, error }) => {
      sinks.onFailure?.(reason);
      if (reason === 'client_aborted') sinks.log.info({ threadId, reason }, 'answer cut short: the client went away');
      else
        sinks.log.error(
          { threadId, reason, error: summarizeErrorForLog(error) },
          'answer failed after streaming began',
        );
      if (reason !== 'not_stored') {
        const cut = {
          id: messageId,
          role: 'assistant' as const,
          text,
          sources: storedSources,
          incomplete: true as const,
          failure: reason,
        };
        await sinks.threads
          .appendMessage({ threadId, ...owner, message: cut })
          .catch((storeError: unknown) =>
            sinks.log.error({ threadId, error: summarizeErrorForLog(storeError) }, 'incomplete answer not stored'),
          );
      }
      await recordQuestion(text, reason);
    },
  });
  return { threadId, stream };
}

/** How many of a thread's newest messages are searched for the previous answer. */
const RECENT_MESSAGES = 6;

/**
 * Whether the previous answer the client sends back was stored as incomplete: the stored answer with the client's id
 * for it, else the thread's latest stored answer (a client that names its messages itself).
 */
async function wasCutShort(
  threads: Pick<ThreadStore, 'recentMessages'>,
  thread: { threadId: string; domain: string; fingerprint: string },
  previousAnswerId: string | undefined,
): Promise<boolean> {
  const answers = (await threads.recentMessages(thread, RECENT_MESSAGES)).filter(
    (message) => message.role === 'assistant',
  );
  const previous = answers.find((message) => message.id === previousAnswerId) ?? answers.at(-1);
  return previous?.incomplete === true;
}

function newMessageId(): string {
  return `msg_${randomBytes(10).toString('hex')}`;
}

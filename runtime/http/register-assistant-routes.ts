import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import assistantRequestSchema from '../../schemas/assistant-request.schema.json' with { type: 'json' };
import searchRequestSchema from '../../schemas/search-request.schema.json' with { type: 'json' };
import threadsQuerySchema from '../../schemas/threads-query.schema.json' with { type: 'json' };
import type { AssistantRequestBody } from '../assistant/assistant-request.ts';
import { createAssistantStream } from '../assistant/create-assistant-stream.ts';
import { summarizeErrorForLog } from './summarize-error-for-log.ts';
import { negotiateStreamProtocol } from '../assistant/negotiate-stream-protocol.ts';
import { isNotFoundAnswer } from '../analytics/is-not-found-answer.ts';
import { readConversation } from '../assistant/read-conversation.ts';
import { retrievalQuery, unknownRequestFields } from '../assistant/reader-context.ts';
import { sourcesFromResults } from '../assistant/sources-from-results.ts';
import type { LimitDecision } from '../limits/create-limiter.ts';
import { capThreadPage } from '../threads/cap-thread-page.ts';
import { decodeThreadCursor } from '../threads/thread-store.ts';
import { search, type SearchFilter } from '../search/index.ts';
import { authorizeRequest, type Authorization } from './authorize-request.ts';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';

type DomainRequest<Body = unknown, Query = unknown> = FastifyRequest<{ Params: { domain: string }; Body: Body; Querystring: Query }>;

const domainParams = { type: 'object', required: ['domain'], properties: { domain: { type: 'string', maxLength: 253 } } } as const;

declare module 'fastify' {
  interface FastifyRequest {
    authorization?: Authorization;
  }
}

/**
 * The assistant API: POST /v1|v2/assistant/:domain/message (streamed answer), POST /v1/search/:domain
 * (ranked sections as JSON) and GET /v1/assistant/:domain/threads?fp=&limit=&cursor= (a fingerprint's threads, paged).
 * Order per request: key → domain → body (schema, then a non-blank question) → limits → work.
 */
export function registerAssistantRoutes(app: FastifyInstance, context: RouteContext): void {
  const authorize = async (request: DomainRequest): Promise<void> => {
    request.authorization = await authorizeRequest(request, context);
  };
  const consumeLimits = async (request: DomainRequest, reply: FastifyReply): Promise<void> => {
    const authorization = request.authorization as Authorization;
    const decision = await context.limiter.consume({ keyId: authorization.keyId, org: authorization.org, ip: request.ip });
    const headers = limitHeaders(decision);
    if (!decision.allowed) {
      context.metrics.limitHit(decision.scope);
      throw new ApiError('rate_limited', `Rate limit exceeded (${limitName(decision.scope)}); retry in ${decision.retryAfterSeconds ?? decision.resetSeconds} s.`, undefined, {
        ...headers,
        'retry-after': String(decision.retryAfterSeconds ?? decision.resetSeconds),
      });
    }
    reply.headers(headers);
  };

  const requireQuestion = async (request: DomainRequest<AssistantRequestBody>): Promise<void> => {
    if (readConversation(request.body).question.trim() === '') throw new ApiError('invalid_body', 'Invalid request body: `messages` has no user message with text.', 'messages');
  };
  const requireQuery = async (request: DomainRequest<{ query: string }>): Promise<void> => {
    if (request.body.query.trim() === '') throw new ApiError('invalid_body', 'Invalid request body: `query` has no text.', 'query');
  };

  for (const prefix of ['/v1', '/v2']) {
    app.post(`${prefix}/assistant/:domain/message`, { schema: { params: domainParams, body: assistantRequestSchema }, onRequest: authorize, preHandler: [requireQuestion, consumeLimits] }, async (request: DomainRequest<AssistantRequestBody, Record<string, unknown>>, reply) => {
      const authorization = request.authorization as Authorization;
      const body = request.body;
      const conversation = readConversation(body);
      const ignored = unknownRequestFields(body);
      if (ignored.length > 0) request.log.debug({ fields: ignored }, 'ignored unknown request fields');
      const readerContext = body.context ?? [];
      const filter = body.filter ?? undefined;
      const results = search(authorization.site.index, retrievalQuery(conversation.question, readerContext), {
        pageSize: body.retrievalPageSize ?? 5,
        ...(filter ? { filter: filter as SearchFilter } : {}),
        ...(conversation.previousQuestion ? { previousQuery: conversation.previousQuestion } : {}),
      });
      const sources = sourcesFromResults(results, authorization.site.siteUrl);
      const domain = authorization.site.domain;
      const { threadId } = await context.threads.resolveThread({ domain, fp: body.fp, threadId: body.threadId ?? conversation.historyThreadId ?? null });
      const messageId = `msg_${randomBytes(10).toString('hex')}`;
      const userMessageId = [...body.messages].reverse().find((message) => message.role === 'user')?.id ?? `msg_${randomBytes(10).toString('hex')}`;
      await context.threads.appendMessage({ threadId, domain, fp: body.fp, message: { id: userMessageId, role: 'user', text: conversation.question, sources: [] } });
      const abort = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const stream = createAssistantStream({
        protocol: negotiateStreamProtocol({ path: request.url, query: request.query ?? {}, headers: request.headers, body }),
        question: conversation.question,
        ...(conversation.previousQuestion ? { previousQuestion: conversation.previousQuestion } : {}),
        ...(conversation.previousAnswer ? { previousAnswer: conversation.previousAnswer } : {}),
        sources,
        threadId,
        messageId,
        model: context.model,
        siteName: authorization.site.siteName,
        readerContext,
        abortSignal: abort.signal,
        ...(context.modelTimeoutMs ? { modelTimeoutMs: context.modelTimeoutMs } : {}),
        onFinish: async (result) => {
          context.metrics.addTokens(result.usage.inputTokens, result.usage.outputTokens);
          const answer = { id: messageId, role: 'assistant' as const, text: result.text, sources: result.sources.map(({ url, title, path, anchor }) => ({ url, title, path, anchor })) };
          await context.threads.appendMessage({ threadId, domain, fp: body.fp, message: answer });
          await context.analytics
            .recordQuestion({ domain, threadId, messageId, question: conversation.question, resultCount: results.length, notFound: isNotFoundAnswer(result.text, results.length), at: new Date() })
            .catch((error: unknown) => request.log.warn({ threadId, error: summarizeErrorForLog(error) }, 'question not recorded for analytics'));
        },
        onError: (error) => request.log.error({ threadId, error: summarizeErrorForLog(error) }, 'answer failed after streaming began'),
      });
      return reply.code(200).headers(stream.headers).send(stream.body);
    });
  }

  app.post('/v1/search/:domain', { schema: { params: domainParams, body: searchRequestSchema }, onRequest: authorize, preHandler: [requireQuery, consumeLimits] }, async (request: DomainRequest<{ query: string; pageSize?: number; filter?: SearchFilter | null }>) => {
    const authorization = request.authorization as Authorization;
    const results = search(authorization.site.index, request.body.query, { pageSize: request.body.pageSize ?? 10, ...(request.body.filter ? { filter: request.body.filter } : {}) });
    await context.analytics.recordSearch({ domain: authorization.site.domain, query: request.body.query, resultCount: results.length, at: new Date() });
    return results.map((result) => ({
      content: result.text,
      path: `/${result.path}${result.anchor ? `#${result.anchor}` : ''}`,
      metadata: { title: result.title, headingPath: result.headingPath, score: result.score, ...result.metadata },
    }));
  });

  app.get(
    '/v1/assistant/:domain/threads',
    { schema: { params: domainParams, querystring: threadsQuerySchema }, onRequest: authorize },
    async (request: DomainRequest<unknown, { fp: string; limit?: string; cursor?: string }>) => {
      const authorization = request.authorization as Authorization;
      const { cursor, limit } = request.query;
      if (cursor !== undefined && !decodeThreadCursor(cursor)) throw new ApiError('invalid_body', 'Invalid query: `cursor` is not a cursor of this listing; use the `nextCursor` of the previous page.', 'cursor');
      const page = await context.threads.listThreads(authorization.site.domain, request.query.fp, { ...(limit ? { limit: Number(limit) } : {}), ...(cursor ? { cursor } : {}) });
      return capThreadPage(page);
    },
  );
}

function limitHeaders(decision: LimitDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

function limitName(scope: LimitDecision['scope']): string {
  return scope === 'key' ? 'monthly limit of this key' : scope === 'org' ? 'hourly limit of the organization' : 'daily limit of this IP address';
}

import type { FastifyInstance } from 'fastify';
import assistantRequestSchema from '../../schemas/assistant-request.schema.json' with { type: 'json' };
import { answerQuestion } from '../assistant/answer-question.ts';
import type { AssistantRequestBody } from '../assistant/assistant-request.ts';
import { negotiateStreamProtocol } from '../assistant/negotiate-stream-protocol.ts';
import { unknownRequestFields } from '../assistant/reader-context.ts';
import type { Authorization } from './authorize-request.ts';
import type { RouteContext } from './route-context.ts';
import { createRouteGuards, domainParams, type DomainRequest } from './route-guards.ts';
import { pageSignerFor } from './page-signer-for.ts';
import { siteAddresses } from './site-hosts.ts';

/**
 * POST /v1|v2/assistant/:domain/message: the streamed answer (data stream or UI message stream, negotiated).
 * Order per request: key → domain → body (schema, then a non-blank question) → limits → answer.
 */
export function registerMessageRoutes(app: FastifyInstance, context: RouteContext): void {
  const guards = createRouteGuards(context);
  for (const prefix of ['/v1', '/v2']) {
    app.post(
      `${prefix}/assistant/:domain/message`,
      {
        schema: { params: domainParams, body: assistantRequestSchema },
        onRequest: [guards.takeTurn, guards.authorize],
        preHandler: [guards.requireQuestion, guards.consumeLimits, guards.takeTurn],
      },
      async (request: DomainRequest<AssistantRequestBody, Record<string, unknown>>, reply) => {
        const ignored = unknownRequestFields(request.body);
        if (ignored.length > 0) request.log.debug({ fields: ignored }, 'ignored unknown request fields');
        const abort = new AbortController();
        const untrack = context.answersInFlight.track(abort);
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) abort.abort();
          untrack();
        });
        const authorization = request.authorization as Authorization;
        const { site } = authorization;
        const signPage = pageSignerFor(context, authorization);
        const { stream } = await answerQuestion({
          site,
          body: request.body,
          protocol: negotiateStreamProtocol({
            path: request.url,
            query: request.query ?? {},
            headers: request.headers,
            body: request.body,
          }),
          model: context.model,
          sinks: {
            threads: context.threads,
            analytics: context.analytics,
            onUsage: context.metrics.addTokens,
            onFailure: context.metrics.answerFailed,
            log: request.log,
          },
          abortSignal: abort.signal,
          modelTimeoutMs: context.modelTimeoutMs,
          hybrid: context.hybrid,
          searchToolParts: context.searchToolParts,
          markdownBase: siteAddresses(request, site.domain).filesBase,
          ...(signPage ? { signPage } : {}),
        });
        return reply.code(200).headers(stream.headers).send(stream.body);
      },
    );
  }
}

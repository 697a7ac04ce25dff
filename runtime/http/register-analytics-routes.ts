import type { FastifyInstance } from 'fastify';
import analyticsQuerySchema from '../../schemas/analytics-query.schema.json' with { type: 'json' };
import feedbackRequestSchema from '../../schemas/feedback-request.schema.json' with { type: 'json' };
import type { Authorization } from './authorize-request.ts';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';
import { createRouteGuards, domainParams, type DomainRequest } from './route-guards.ts';

interface FeedbackBody {
  fp: string;
  threadId: string;
  messageId: string;
  rating: 'up' | 'down';
  comment?: string;
}

const DAY_MS = 24 * 3600 * 1000;
/** Pages of a fingerprint's threads searched for the answer that feedback names. */
const MAX_FEEDBACK_PAGES = 50;

/**
 * POST /v1/assistant/:domain/feedback (thumbs on an answer of one of the caller's threads; a valid body counts
 * against the feedback budget, before the answer is looked up) and
 * GET /v1/analytics/:domain/questions?from&to (top questions, "not found" answers, feedback, zero-result
 * searches; admin keys only). Both check the key (and the admin flag) in the onRequest guards, before the body
 * or query is validated, like every `/:domain` route.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, context: RouteContext): void {
  const guards = createRouteGuards(context);
  app.post(
    '/v1/assistant/:domain/feedback',
    {
      schema: { params: domainParams, body: feedbackRequestSchema },
      onRequest: guards.authorize,
      preHandler: guards.consumeFeedbackLimits,
    },
    async (request: DomainRequest<FeedbackBody>, reply) => {
      const authorization = request.authorization as Authorization;
      const { fp: fingerprint, threadId, messageId, rating, comment } = request.body;
      if (!(await isAnswerOfFingerprint(context, authorization.site.domain, fingerprint, threadId, messageId)))
        throw new ApiError('unknown_message', `No answer ${messageId} in thread ${threadId} of this fingerprint.`);
      await context.analytics.recordFeedback({
        domain: authorization.site.domain,
        threadId,
        messageId,
        fingerprint,
        rating,
        ...(comment?.trim() ? { comment: comment.trim() } : {}),
        at: new Date(),
      });
      return reply.code(201).send({ ok: true });
    },
  );

  app.get(
    '/v1/analytics/:domain/questions',
    {
      schema: { params: domainParams, querystring: analyticsQuerySchema },
      onRequest: [guards.authorize, guards.requireAdmin],
    },
    async (request: DomainRequest<unknown, { from?: string; to?: string; limit?: string }>) => {
      const authorization = request.authorization as Authorization;
      // Without `to`, the range ends now, this millisecond included: an event recorded just before the query counts.
      const to = request.query.to ? parseDate(request.query.to, 'to') : new Date(Date.now() + 1);
      const from = request.query.from ? parseDate(request.query.from, 'from') : new Date(to.getTime() - 30 * DAY_MS);
      if (from.getTime() >= to.getTime())
        throw new ApiError('invalid_body', 'Invalid query: `from` must be before `to`.', 'from');
      return context.analytics.report(
        authorization.site.domain,
        from,
        to,
        request.query.limit ? Number(request.query.limit) : 20,
      );
    },
  );
}

function parseDate(text: string, field: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime()))
    throw new ApiError(
      'invalid_body',
      `Invalid query: \`${field}\` is not a date (expected ISO 8601, e.g. 2026-11-01).`,
      field,
    );
  return date;
}

/** Pages through the fingerprint's threads (at most MAX_FEEDBACK_PAGES) for an assistant message of the thread. */
async function isAnswerOfFingerprint(
  context: RouteContext,
  domain: string,
  fingerprint: string,
  threadId: string,
  messageId: string,
): Promise<boolean> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_FEEDBACK_PAGES; page += 1) {
    const listing = await context.threads.listThreads(domain, fingerprint, cursor ? { cursor } : {});
    const thread = listing.threads.find((candidate) => candidate.threadId === threadId);
    if (thread) return thread.messages.some((message) => message.id === messageId && message.role === 'assistant');
    if (!listing.nextCursor) return false;
    cursor = listing.nextCursor;
  }
  return false;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AssistantRequestBody } from '../assistant/assistant-request.ts';
import { readConversation } from '../assistant/read-conversation.ts';
import type { LimitDecision, Limiter } from '../limits/create-limiter.ts';
import { authorizeDocsReader, authorizeRequest, type Authorization } from './authorize-request.ts';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';

/** A request to a `/:domain` route. */
export type DomainRequest<Body = unknown, Query = unknown> = FastifyRequest<{
  Params: { domain: string };
  Body: Body;
  Querystring: Query;
}>;

/** The JSON schema of the `:domain` path parameter. */
export const domainParams = {
  type: 'object',
  required: ['domain'],
  properties: { domain: { type: 'string', maxLength: 253 } },
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    authorization?: Authorization;
  }
}

/** The hooks every `/:domain` route runs before its work, in this order: key → domain → body → limits. */
export interface RouteGuards {
  /** Waits for a turn of the event loop (`context.turns`): first of all (onRequest) and again before retrieval (last preHandler), so a burst is taken one slice per loop iteration. */
  takeTurn(): Promise<void>;
  /** onRequest: checks the key for the domain and loads its site into `request.authorization`. */
  authorize(request: DomainRequest): Promise<void>;
  /** onRequest: `authorize` for reading a site's documentation, which a public domain allows without a key. */
  authorizeDocs(request: DomainRequest): Promise<void>;
  /** onRequest, after `authorize`: 403 `admin_required` unless the key is an admin key (analytics). */
  requireAdmin(request: DomainRequest): Promise<void>;
  /** preHandler: a message body whose last user message has no text is a 400 that counts against no limit. */
  requireQuestion(request: DomainRequest<AssistantRequestBody>): Promise<void>;
  /** preHandler: a search body whose query has no text is a 400 that counts against no limit. */
  requireQuery(request: DomainRequest<{ query: string }>): Promise<void>;
  /** preHandler: takes the three limits at once; 429 with Retry-After when one is spent, RateLimit-* headers always. */
  consumeLimits(request: DomainRequest, reply: FastifyReply): Promise<void>;
  /** preHandler: the same on the feedback budget, whose counters are not the answers'. */
  consumeFeedbackLimits(request: DomainRequest, reply: FastifyReply): Promise<void>;
}

/** The guards of the assistant routes over the shared stores. */
export function createRouteGuards(context: RouteContext): RouteGuards {
  return {
    takeTurn: () => context.turns.next(),
    async authorize(request) {
      request.authorization = await authorizeRequest(request, context);
    },
    async authorizeDocs(request) {
      request.authorization = await authorizeDocsReader(request, context);
    },
    async requireAdmin(request) {
      if (!(request.authorization as Authorization).admin) throw new ApiError('admin_required');
    },
    async requireQuestion(request) {
      if (readConversation(request.body).question.trim() === '')
        throw new ApiError(
          'invalid_body',
          'Invalid request body: `messages` has no user message with text.',
          'messages',
        );
    },
    async requireQuery(request) {
      if (request.body.query.trim() === '')
        throw new ApiError('invalid_body', 'Invalid request body: `query` has no text.', 'query');
    },
    consumeLimits: (request, reply) => consume(context, context.limiter, '', request, reply),
    consumeFeedbackLimits: (request, reply) => consume(context, context.feedbackLimiter, 'feedback', request, reply),
  };
}

/** Counts the request against a budget's three limits; `budget` names it in the 429 message and the metric ('' for messages). */
async function consume(
  context: RouteContext,
  limiter: Limiter,
  budget: string,
  request: DomainRequest,
  reply: FastifyReply,
): Promise<void> {
  const authorization = request.authorization as Authorization;
  const decision = await limiter.consume({ keyId: authorization.keyId, org: authorization.org, ip: request.ip });
  const headers = limitHeaders(decision);
  if (!decision.allowed) {
    context.metrics.limitHit(budget ? `${budget}_${decision.scope}` : decision.scope);
    const retryAfter = String(decision.retryAfterSeconds ?? decision.resetSeconds);
    throw new ApiError(
      'rate_limited',
      `Rate limit exceeded (${limitName(decision.scope, budget, authorization.public === true)}); retry in ${retryAfter} s.`,
      undefined,
      { ...headers, 'retry-after': retryAfter },
    );
  }
  reply.headers(headers);
}

function limitHeaders(decision: LimitDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

/** The limit a refusal names; a public reader's key and organization limits are its IP's monthly one and the site's hourly one. */
function limitName(scope: LimitDecision['scope'], budget: string, publicReader: boolean): string {
  const kind = budget ? ` ${budget}` : '';
  if (publicReader && scope !== 'ip')
    return scope === 'key'
      ? `monthly${kind} limit of this IP address`
      : `hourly${kind} limit of this site's public documentation`;
  return scope === 'key'
    ? `monthly${kind} limit of this key`
    : scope === 'org'
      ? `hourly${kind} limit of the organization`
      : `daily${kind} limit of this IP address`;
}

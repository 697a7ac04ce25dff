import type { FastifyInstance } from 'fastify';
import threadsQuerySchema from '../../schemas/threads-query.schema.json' with { type: 'json' };
import { capThreadPage } from '../threads/cap-thread-page.ts';
import { decodeThreadCursor } from '../threads/thread-store.ts';
import type { Authorization } from './authorize-request.ts';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';
import { createRouteGuards, domainParams, type DomainRequest } from './route-guards.ts';

/** GET /v1/assistant/:domain/threads?fp=&limit=&cursor=: a fingerprint's threads, newest first, paged and capped. */
export function registerThreadRoutes(app: FastifyInstance, context: RouteContext): void {
  const guards = createRouteGuards(context);
  app.get(
    '/v1/assistant/:domain/threads',
    { schema: { params: domainParams, querystring: threadsQuerySchema }, onRequest: guards.authorize },
    async (request: DomainRequest<unknown, { fp: string; limit?: string; cursor?: string }>) => {
      const authorization = request.authorization as Authorization;
      const { cursor, limit } = request.query;
      if (cursor !== undefined && !decodeThreadCursor(cursor))
        throw new ApiError(
          'invalid_body',
          'Invalid query: `cursor` is not a cursor of this listing; use the `nextCursor` of the previous page.',
          'cursor',
        );
      const page = await context.threads.listThreads(authorization.site.domain, request.query.fp, {
        ...(limit ? { limit: Number(limit) } : {}),
        ...(cursor ? { cursor } : {}),
      });
      return capThreadPage(page);
    },
  );
}

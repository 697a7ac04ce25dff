import type { FastifyInstance } from 'fastify';
import searchRequestSchema from '../../schemas/search-request.schema.json' with { type: 'json' };
import { summarizeErrorForLog } from '../assistant/summarize-error-for-log.ts';
import { searchPages, type SearchFilter } from '../search/index.ts';
import type { Authorization } from './authorize-request.ts';
import type { RouteContext } from './route-context.ts';
import { createRouteGuards, domainParams, type DomainRequest } from './route-guards.ts';

/**
 * POST /v1/search/:domain: `{query, pageSize = 10, scoreThreshold?, filter?}` → the ranked sections as
 * `[{content, path, metadata}]`. `scoreThreshold` (0–1) keeps the results scoring at least that share of the best
 * one's score (scores are relative within a query, so the best result always stays); `filter` takes `version`,
 * `language`, `groups` and `tag`.
 */
export function registerSearchRoutes(app: FastifyInstance, context: RouteContext): void {
  const guards = createRouteGuards(context);
  app.post(
    '/v1/search/:domain',
    {
      schema: { params: domainParams, body: searchRequestSchema },
      onRequest: [guards.takeTurn, guards.authorize],
      preHandler: [guards.requireQuery, guards.consumeLimits, guards.takeTurn],
    },
    async (
      request: DomainRequest<{
        query: string;
        pageSize?: number;
        scoreThreshold?: number;
        filter?: SearchFilter | null;
      }>,
    ) => {
      const authorization = request.authorization as Authorization;
      const { query, pageSize = 10, scoreThreshold, filter } = request.body;
      const kept = await searchPages(
        authorization.site.index,
        { query, pageSize, ...(scoreThreshold === undefined ? {} : { scoreThreshold }), ...(filter ? { filter } : {}) },
        {
          ...context.hybrid,
          onEmbeddingError: (error) =>
            request.log.warn(
              { domain: authorization.site.domain, error: summarizeErrorForLog(error) },
              'question not embedded; lexical retrieval only',
            ),
        },
      );
      await context.analytics.recordSearch({
        domain: authorization.site.domain,
        query: request.body.query,
        resultCount: kept.length,
        at: new Date(),
      });
      return kept.map((result) => ({
        content: result.text,
        path: `/${result.path}${result.anchor ? `#${result.anchor}` : ''}`,
        metadata: { title: result.title, headingPath: result.headingPath, score: result.score, ...result.metadata },
      }));
    },
  );
}

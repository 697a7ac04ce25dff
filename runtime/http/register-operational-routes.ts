import type { FastifyInstance } from 'fastify';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';

/**
 * GET /healthz (the process is up), GET /readyz (a published build is readable and the store answers; 503
 * otherwise), GET /metrics (Prometheus text).
 */
export function registerOperationalRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request) => {
    if (!(await context.artifacts.isReady())) throw new ApiError('artifacts_not_ready');
    const storeProblem = await context.threads.problem();
    if (storeProblem) {
      request.log.error({ problem: storeProblem }, 'not ready: thread store unusable');
      throw new ApiError('store_unavailable');
    }
    await context.analytics.ping();
    return { status: 'ready', loadedDomains: context.artifacts.loadedDomains().length };
  });
  app.get('/metrics', async (_request, reply) => reply.type(context.metrics.contentType).send(await context.metrics.render()));
}

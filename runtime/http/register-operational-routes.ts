import type { FastifyInstance } from 'fastify';
import { ApiError } from './error-catalog.ts';
import { registerMetricsRoute, type MetricsAccess } from './register-metrics-route.ts';
import type { RouteContext } from './route-context.ts';

/**
 * GET /healthz (the process is up), GET /readyz (a published build is readable and the store answers; 503
 * otherwise), and GET /metrics (Prometheus text; `metrics: false` when it is served on a listen address of its own).
 */
export function registerOperationalRoutes(
  app: FastifyInstance,
  context: RouteContext,
  metrics: MetricsAccess | false = {},
): void {
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
  if (metrics) registerMetricsRoute(app, context.metrics, metrics);
}

import Fastify, { type FastifyInstance } from 'fastify';
import { ApiError } from './error-catalog.ts';
import type { Metrics } from './metrics.ts';
import { registerMetricsRoute, type MetricsAccess } from './register-metrics-route.ts';
import { sendError } from './send-error.ts';

/**
 * A second app that serves only GET /metrics, for a listen address of its own (`docsmith serve --metrics-port`):
 * Prometheus scrapes it on a port the public never reaches, and the runtime's app then has no /metrics. It renders
 * the `metrics` the runtime's app counts into (`buildApp({ metrics })`).
 */
export function buildMetricsApp(
  metrics: Metrics,
  access: MetricsAccess = {},
  logger: boolean | Record<string, unknown> = false,
): FastifyInstance {
  const app = Fastify({ logger });
  app.setErrorHandler((error, _request, reply) =>
    sendError(error instanceof ApiError ? error : new ApiError('internal'), reply),
  );
  app.setNotFoundHandler((_request, reply) => sendError(new ApiError('not_found'), reply));
  registerMetricsRoute(app, metrics, access);
  return app;
}

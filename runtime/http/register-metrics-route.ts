import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './error-catalog.ts';
import type { Metrics } from './metrics.ts';

/** How GET /metrics is protected. */
export interface MetricsAccess {
  /** When set, GET /metrics needs `Authorization: Bearer <token>` (401 `metrics_unauthorized` otherwise); default: open. */
  token?: string;
}

/**
 * GET /metrics (Prometheus text exposition), open or behind a bearer token compared in constant time. The runtime's
 * app registers it unless /metrics is served on a separate listen address (`buildMetricsApp`).
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, access: MetricsAccess = {}): void {
  const expected = access.token ? digest(access.token) : undefined;
  app.get('/metrics', async (request, reply) => {
    if (expected && !presentsToken(request, expected))
      throw new ApiError('metrics_unauthorized', undefined, undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    return reply.type(metrics.contentType).send(await metrics.render());
  });
}

function presentsToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match !== null && timingSafeEqual(digest(match[1] as string), expected);
}

/** A fixed-length digest, so that comparing two tokens takes the same time whatever their lengths. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './error-catalog.ts';
import { sendError } from './send-error.ts';

/**
 * fastify's `frameworkErrors`: a URL that cannot be decoded (400 `invalid_url`) or a path parameter past the
 * router's bound (414 `uri_too_long`) gets the catalogue's JSON; fastify's own body would echo the URL.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  sendError(
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new ApiError('uri_too_long') : new ApiError('invalid_url'),
    reply,
  );
}

/**
 * Remembers every route's path pattern and methods (register it before the routes); the returned not-found
 * handler answers 405 `method_not_allowed` with an `Allow` header when the path exists under other methods,
 * else 404 `not_found`. Neither echoes the URL.
 */
export function methodAwareNotFound(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const source = route.url
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods: [route.method].flat().map(String) });
  });
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const allowed = [
      ...new Set(routes.filter((route) => route.pattern.test(pathname)).flatMap((route) => route.methods)),
    ].filter((method) => method !== 'OPTIONS');
    if (allowed.length > 0 && !allowed.includes(request.method))
      return sendError(
        new ApiError('method_not_allowed', undefined, undefined, { allow: allowed.sort().join(', ') }),
        reply,
      );
    return sendError(new ApiError('not_found'), reply);
  };
}

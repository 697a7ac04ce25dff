import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './error-catalog.ts';

/**
 * A preParsing hook that ends a request whose body has not fully arrived within `timeoutMs` (a slow upload):
 * the body stream fails with 408 `request_timeout`, answered through the catalogue, and the connection is closed.
 */
export function bodyTimeout(timeoutMs: number) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream & { destroy?: (error?: Error) => void }): Promise<NodeJS.ReadableStream> => {
    if (request.raw.readableEnded) return payload;
    const timer = setTimeout(() => {
      reply.header('connection', 'close');
      payload.destroy?.(new ApiError('request_timeout', `The request body did not arrive within ${Number((timeoutMs / 1000).toFixed(1))} s.`));
    }, timeoutMs);
    timer.unref();
    const done = (): void => clearTimeout(timer);
    payload.once('end', done);
    payload.once('close', done);
    payload.once('error', done);
    return payload;
  };
}

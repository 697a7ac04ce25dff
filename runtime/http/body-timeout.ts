import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './error-catalog.ts';

/**
 * A preParsing hook that ends a request whose body has not fully arrived within `timeoutMs` (a slow upload):
 * the body is read through a pass-through stream that fails with 408 `request_timeout`, answered through the
 * catalogue with `Connection: close` (the socket itself stays open until the answer is written). The timer stops
 * once the answer is written: a request answered before its body was read (413 `body_too_large`) leaves nobody
 * listening on the pass-through, and failing it then would be an uncaught error that ends the process.
 */
export function bodyTimeout(timeoutMs: number) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: NodeJS.ReadableStream,
  ): Promise<NodeJS.ReadableStream> => {
    if (request.raw.readableEnded) return payload;
    const body = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(body);
      reply.header('connection', 'close');
      body.destroy(
        new ApiError(
          'request_timeout',
          `The request body did not arrive within ${Number((timeoutMs / 1000).toFixed(1))} s.`,
        ),
      );
    }, timeoutMs);
    timer.unref();
    const done = (): void => clearTimeout(timer);
    payload.once('end', done);
    payload.once('close', done);
    reply.raw.once('close', done);
    payload.once('error', (error: Error) => {
      done();
      body.destroy(error);
    });
    return payload.pipe(body);
  };
}

import type { FastifyReply } from 'fastify';
import type { ApiError } from './error-catalog.ts';

/** Writes an ApiError as the catalog's JSON body, with its headers. */
export function sendError(error: ApiError, reply: FastifyReply): FastifyReply {
  return reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8').send(error.toBody());
}

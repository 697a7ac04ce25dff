import type { FastifyReply } from 'fastify';
import type { ApiError } from './error-catalog.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors of this route are JSON-RPC error responses (the MCP endpoints), not the catalog's `{error}` body. */
    jsonRpcErrors?: boolean;
  }
}

/** Writes an ApiError as the catalog's JSON body (a JSON-RPC error response on the MCP routes), with its headers. */
export function sendError(error: ApiError, reply: FastifyReply): FastifyReply {
  const body = reply.request.routeOptions.config?.jsonRpcErrors ? error.toJsonRpcBody() : error.toBody();
  return reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8').send(body);
}

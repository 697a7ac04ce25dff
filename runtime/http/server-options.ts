import { createServer } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from './client-address.ts';
import { clientErrorHandler } from './client-error-handler.ts';
import { frameworkErrorHandler } from './router-errors.ts';

/** Connection-level limits of the HTTP server (each in ms). */
export interface ServerTimeouts {
  /** Time to receive the request headers (default 10000). */
  headersTimeoutMs?: number;
  /** Time to receive the whole request, headers and body; 408 `request_timeout` past it (default 30000). */
  requestTimeoutMs?: number;
  /** Idle time of a kept-alive connection between requests (default 5000). */
  keepAliveTimeoutMs?: number;
}

/**
 * The fastify options that bound what a client can hold: Node's headers and request timeouts (checked every
 * second instead of Node's 30 s, so a body trickling in one byte every 2 s is cut soon after the bound), the
 * trusted proxies, a path parameter bound, and the router's and Node's parser errors answered through the catalogue.
 */
export function serverOptions(options: ServerTimeouts & { trustProxy?: TrustProxy }): Partial<FastifyServerOptions> {
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? 30_000, headersTimeout);
  const trustProxy = options.trustProxy ?? false;
  return {
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    routerOptions: { maxParamLength: 300 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    serverFactory: (handler) =>
      createServer(
        {
          headersTimeout,
          requestTimeout,
          keepAliveTimeout: options.keepAliveTimeoutMs ?? 5000,
          connectionsCheckingInterval: 1000,
        },
        handler,
      ),
  };
}

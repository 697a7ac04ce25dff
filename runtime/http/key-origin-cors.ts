import type { FastifyCorsOptions, FastifyCorsOptionsDelegatePromise } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import type { KeyStore } from '../auth/key-store.ts';

/**
 * CORS options per request: a request carrying a key that lists allowed origins (`keys create --origin`) gets
 * `Access-Control-Allow-Origin` only for those origins; any other request (preflights carry no key) gets `base`.
 * The server-side check is in `authorizeRequest` (403 `forbidden_origin`).
 */
export function keyOriginCors(
  keys: Pick<KeyStore, 'verify'>,
  base: FastifyCorsOptions,
): FastifyCorsOptionsDelegatePromise {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.replace(/^bearer\s+/i, '').trim() : undefined;
    const domain = (request.params as { domain?: string } | undefined)?.domain;
    const verification = token && domain ? keys.verify(token, domain) : undefined;
    if (verification?.ok && verification.origins) {
      const origin = request.headers.origin;
      return { ...base, origin: typeof origin === 'string' && verification.origins.includes(origin) ? origin : false };
    }
    return base;
  };
}

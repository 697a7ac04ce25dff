import type { FastifyRequest } from 'fastify';
import { ApiError } from './error-catalog.ts';

/** The `charset` parameter of a Content-Type header (quoted or bare), undefined when it has none. */
const CHARSET = /;\s*charset\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/i;
/** Charsets a JSON body may declare: JSON text exchanged between systems is UTF-8 (RFC 8259 §8.1). */
const UTF8 = new Set(['utf-8', 'utf8']);
/** A charset name that is safe to quote back in an error message. */
const NAMEABLE = /^[A-Za-z0-9._:+-]{1,40}$/;
/** Text that may hold a forbidden key: `__proto__`, `constructor`, or an escape that could spell one. */
const MAY_HOLD_FORBIDDEN_KEY = /__proto__|constructor|\\u/;

/**
 * The JSON body parser of every route (replaces fastify's default): the body must be UTF-8 (`charset` absent, `utf-8`
 * or `utf8`; any other is 415 `unsupported_charset` naming it), valid JSON (else 400 `invalid_body`) and free of
 * prototype-polluting keys — `__proto__` anywhere, or `constructor` holding `prototype` — which are refused with
 * 400 `forbidden_key` naming the key and its place, like fastify's default refuses them, but saying why.
 */
export function parseJsonBody(
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
): void {
  // A request no route takes (an unknown path, a method the path does not have) is answered 404 or 405 whatever its
  // body: the route comes first, as the error catalogue orders the checks.
  if (request.is404) {
    done(null, undefined);
    return;
  }
  const contentType = request.headers['content-type'] ?? '';
  const charset = CHARSET.exec(contentType);
  const charsetName = charset ? (charset[1] ?? charset[2] ?? '').replace(/\\(.)/g, '$1') : undefined;
  if (charsetName !== undefined && !UTF8.has(charsetName.toLowerCase())) {
    const named = NAMEABLE.test(charsetName) ? `"${charsetName}"` : 'of the Content-Type header';
    done(
      new ApiError(
        'unsupported_charset',
        `Unsupported charset ${named}: send the JSON body as UTF-8 (Content-Type: application/json; charset=utf-8).`,
      ),
    );
    return;
  }
  if (body.length === 0) {
    done(new ApiError('invalid_body', 'The request body is empty; send a JSON object.', 'body'));
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    done(new ApiError('invalid_body', 'The request body is not valid JSON.', 'body'));
    return;
  }
  const forbidden = MAY_HOLD_FORBIDDEN_KEY.test(body) ? findForbiddenKey(value) : undefined;
  if (forbidden) {
    const where = forbidden.parent ? ` (in \`${forbidden.parent}\`)` : '';
    done(
      new ApiError(
        'forbidden_key',
        `Invalid request body: the key \`${forbidden.key}\`${where} is not allowed.`,
        forbidden.field,
      ),
    );
    return;
  }
  done(null, value);
}

/** A forbidden key found in a parsed body: its name, its dotted path and that of the object holding it. */
export interface ForbiddenKey {
  key: '__proto__' | 'constructor.prototype';
  field: string;
  parent: string;
}

/**
 * The first prototype-polluting key of a parsed JSON value, breadth first: an own `__proto__` key (JSON.parse keeps it
 * as a plain property), or a `constructor` object with a `prototype` key. Iterative, so any nesting depth is safe.
 */
export function findForbiddenKey(value: unknown): ForbiddenKey | undefined {
  const queue: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let index = 0; index < queue.length; index += 1) {
    const { value: current, path } = queue[index] as { value: unknown; path: string[] };
    if (current === null || typeof current !== 'object') continue;
    const parent = path.join('.');
    if (!Array.isArray(current)) {
      if (Object.hasOwn(current, '__proto__'))
        return { key: '__proto__', field: [...path, '__proto__'].join('.'), parent };
      const constructor = (current as Record<string, unknown>).constructor;
      if (
        Object.hasOwn(current, 'constructor') &&
        constructor !== null &&
        typeof constructor === 'object' &&
        Object.hasOwn(constructor, 'prototype')
      ) {
        return { key: 'constructor.prototype', field: [...path, 'constructor', 'prototype'].join('.'), parent };
      }
    }
    for (const [key, child] of Object.entries(current))
      if (child !== null && typeof child === 'object') queue.push({ value: child, path: [...path, key] });
  }
  return undefined;
}

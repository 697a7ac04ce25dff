import type { FastifyRequest } from 'fastify';
import { ArtifactError, type LoadedSite } from '../artifacts/create-artifact-store.ts';
import { parsePagePath } from '../artifacts/parse-page-path.ts';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';

/** Who is calling, and the site they may use. */
export interface Authorization {
  keyId: string;
  org: string;
  site: LoadedSite;
  /** Whether the key may read analytics. */
  admin: boolean;
  /** Whether the caller sent no key to a domain whose documentation is public (`authorizeDocsReader`). */
  public?: true;
}

/**
 * Checks the bearer key for the domain of the path (401 missing/invalid, 403 other domain), then that the
 * key allows the browser origin (403, readable by that origin), then that the domain has a usable published build (404 unknown, 503 not readable yet). Runs before the body is read.
 * With `keylessLoopback` (`docsmith dev`), a request from this machine without a key passes as the local caller.
 */
export async function authorizeRequest(
  request: FastifyRequest<{ Params: { domain: string } }>,
  context: RouteContext,
): Promise<Authorization> {
  const header = request.headers.authorization;
  const token =
    typeof header === 'string' && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : undefined;
  if (!token && context.keylessLoopback && isLoopbackAddress(request.socket.remoteAddress))
    return { ...LOOPBACK_CALLER, site: await loadSite(request, context) };
  if (header !== undefined && !token) throw new ApiError('invalid_key', 'Send the key as Authorization: Bearer <key>.');
  const verification = context.keys.verify(token, request.params.domain);
  if (!verification.ok) {
    if (verification.reason === 'missing') throw new ApiError('missing_key');
    if (verification.reason === 'forbidden') throw new ApiError('forbidden_domain');
    throw new ApiError('invalid_key');
  }
  const origin = request.headers.origin;
  // The refusal itself is readable by the refused page (CORS granted on this 403 only), so the widget can tell its developer why.
  if (verification.origins && typeof origin === 'string' && !verification.origins.includes(origin))
    throw new ApiError('forbidden_origin', undefined, undefined, {
      'access-control-allow-origin': origin,
      vary: 'Origin',
    });
  const site = await loadSite(request, context);
  return { keyId: verification.keyId, org: verification.org, site, admin: verification.admin === true };
}

/**
 * `authorizeRequest` for reading a site's documentation (its MCP server, llms.txt, page Markdown, discovery documents):
 * on a domain whose documentation is public (`context.isPublicDocs`), a request without a key passes, counted against
 * the limits as key `public:<client IP>` of organization `public:<domain>` (each client its own monthly and daily
 * limits, all of them together the organization's hourly one). A key, when one is sent, is checked as everywhere.
 */
export async function authorizeDocsReader(
  request: FastifyRequest<{ Params: { domain: string } }>,
  context: RouteContext,
): Promise<Authorization> {
  if (request.headers.authorization !== undefined || !context.isPublicDocs?.(request.params.domain))
    return authorizeRequest(request, context);
  const site = await loadSite(request, context);
  return { keyId: `public:${request.ip}`, org: `public:${site.domain}`, site, admin: false, public: true };
}

/**
 * `authorizeDocsReader` for one of a site's files (`/sites/:domain/*`): a link to a page's Markdown that the runtime
 * signed for a key (`?sig=`, `pageSignerFor`) reads that page without sending the key, on no limit; 401 `invalid_key`
 * when the signature is not that page's or its key was revoked. A request with a key, without `sig`, or to a public
 * domain is `authorizeDocsReader`'s.
 */
export async function authorizeSiteFileReader(
  request: FastifyRequest<{ Params: { domain: string; '*': string }; Querystring: unknown }>,
  context: RouteContext,
): Promise<Authorization> {
  const signature = (request.query as { sig?: unknown } | undefined)?.sig;
  const { domain } = request.params;
  if (request.headers.authorization !== undefined || typeof signature !== 'string' || context.isPublicDocs?.(domain))
    return authorizeDocsReader(request, context);
  const file = request.params['*'];
  const pagePath = file.endsWith('.md') ? parsePagePath(file) : undefined;
  const verification = pagePath === undefined ? undefined : context.keys.verifyPage(signature, domain, pagePath);
  if (!verification?.ok)
    throw new ApiError(
      'invalid_key',
      'This link is signed for another page, or its key was revoked: ask the assistant again, or send a key as Authorization: Bearer <key>.',
    );
  const site = await loadSite(request, context);
  return { keyId: verification.keyId, org: verification.org, site, admin: false };
}

/** The caller of a keyless request from this machine (`docsmith dev`): one local key, organization and admin. */
const LOOPBACK_CALLER = { keyId: 'local', org: 'local', admin: true } as const;

/** Whether a socket's peer is this machine (127.0.0.0/8, ::1, or an IPv4-mapped loopback address). */
function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && /^(?:127\.|::1$|::ffff:127\.)/.test(address);
}

/** The published build of the path's domain: 404 when there is none, 503 when it cannot be read yet. */
async function loadSite(
  request: FastifyRequest<{ Params: { domain: string } }>,
  context: RouteContext,
): Promise<LoadedSite> {
  let site: LoadedSite | undefined;
  try {
    site = await context.artifacts.get(request.params.domain);
  } catch (error) {
    if (error instanceof ArtifactError) {
      request.log.warn({ domain: request.params.domain, reason: error.message }, 'no usable build');
      throw new ApiError('artifacts_not_ready');
    }
    throw error;
  }
  if (!site) throw new ApiError('unknown_domain');
  return site;
}

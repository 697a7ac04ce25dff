import { parseJsonBody } from './parse-json-body.ts';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { siteFilesPath } from '../artifacts/page-url.ts';
import { summarizeErrorForLog } from '../assistant/summarize-error-for-log.ts';
import { createDocsMcpServer } from '../mcp/create-docs-mcp-server.ts';
import { invalidParamsResponse } from '../mcp/invalid-params.ts';
import type { Authorization } from './authorize-request.ts';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';
import { createRouteGuards, domainParams, type DomainRequest } from './route-guards.ts';
import { pageSignerFor } from './page-signer-for.ts';
import { siteAddresses } from './site-hosts.ts';

/** JSON-RPC's code for a body that is not JSON. */
const JSON_RPC_PARSE_ERROR = -32700;

/**
 * The MCP server of each domain over Streamable HTTP (official SDK, stateless: a server and a transport per request,
 * JSON responses, nothing kept between requests, so any replica answers): `POST /sites/:domain/mcp` (the address the
 * discovery documents give: it ends in `/mcp`, as clients such as the MCP Inspector expect), the same at
 * `/mcp/:domain`, and `/mcp` on a site host (`site-hosts.ts`); `/mcp` elsewhere is a 404 saying so. Order per
 * request: key (or a public domain) → domain → params the SDK's schemas refuse (-32602) → each `tools/call` counted
 * against the limits → the SDK.
 * Initialization, listing and notifications are free. Errors are JSON-RPC error responses with the catalog's HTTP
 * status; GET and DELETE are 405 (no session, no stream). A search not recorded for analytics is logged, not failed.
 */
export function registerMcpRoutes(app: FastifyInstance, context: RouteContext): void {
  const guards = createRouteGuards(context);
  const consumeToolCalls = async (request: DomainRequest, reply: FastifyReply): Promise<void> => {
    const messages = Array.isArray(request.body) ? request.body : [request.body];
    // A batch past the SDK's bound is refused by the transport below; its calls must not spend the budget first.
    if (messages.length > MAX_BATCH_SIZE) return;
    // One take per call; a batch refused halfway keeps the takes before the refusal (as separate requests would).
    for (const message of messages) if (isToolCall(message)) await guards.consumeLimits(request, reply);
  };
  // A single request whose params the SDK's schema refuses: -32602 with one line, before it spends the limits.
  const refuseInvalidParams = async (request: DomainRequest, reply: FastifyReply): Promise<void> => {
    const refusal = Array.isArray(request.body) ? undefined : invalidParamsResponse(request.body);
    if (refusal) await reply.code(200).type('application/json; charset=utf-8').send(refusal);
  };
  const methodNotAllowed = async (): Promise<never> => {
    throw new ApiError(
      'method_not_allowed',
      'This MCP server is stateless: send each JSON-RPC message in a POST; it opens no stream and keeps no session.',
      undefined,
      { allow: 'POST' },
    );
  };
  const noDomain = async (): Promise<never> => {
    throw new ApiError(
      'not_found',
      "No MCP server at /mcp on this host: each site's is at /sites/<domain>/mcp (or /mcp/<domain>); a docs host mapped with --site-host serves its site's at /mcp.",
    );
  };
  // The body checks of every route (`parseJsonBody`: UTF-8, forbidden keys, the route first), except that a body
  // that is not JSON is a JSON-RPC Parse error (-32700), not the catalog's 400.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      parseJsonBody(request, String(body), (error, value) => {
        if (error instanceof ApiError && error.code === 'invalid_body')
          done(
            new ApiError(
              'invalid_body',
              'Parse error: the request body is not valid JSON.',
              'body',
              {},
              JSON_RPC_PARSE_ERROR,
            ),
          );
        else if (error) done(error);
        else done(null, value);
      });
    });
    for (const url of [`${siteFilesPath(':domain')}/mcp`, '/mcp/:domain']) {
      scope.post(
        url,
        {
          schema: { params: domainParams },
          config: { jsonRpcErrors: true },
          onRequest: [guards.takeTurn, guards.authorizeDocs],
          preHandler: [refuseInvalidParams, consumeToolCalls],
        },
        async (request: DomainRequest, reply) => {
          const authorization = request.authorization as Authorization;
          const { site } = authorization;
          const signPage = pageSignerFor(context, authorization);
          const server = createDocsMcpServer({
            site,
            currentSite: async () => site,
            readBuildFile: (build, file) => context.artifacts.readBuildFile(build, file),
            markdownBase: siteAddresses(request, site.domain).filesBase,
            ...(signPage ? { signPage } : {}),
            hybrid: context.hybrid,
            recordSearch: (searched, query, resultCount) =>
              context.analytics
                .recordSearch({ domain: searched.domain, query, resultCount, at: new Date() })
                .catch((error: unknown) =>
                  request.log.warn(
                    { domain: searched.domain, error: summarizeErrorForLog(error) },
                    'search not recorded for analytics',
                  ),
                ),
            onEmbeddingError: (error) =>
              request.log.warn(
                { domain: site.domain, error: summarizeErrorForLog(error) },
                'question not embedded; lexical retrieval only',
              ),
          });
          // Stateless: no `sessionIdGenerator`, one transport per request.
          const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
          // The SDK writes the response itself: the headers fastify holds so far (CORS, RateLimit-*) go onto it first.
          reply.hijack();
          for (const [name, value] of Object.entries(reply.getHeaders()))
            if (value !== undefined) reply.raw.setHeader(name, value);
          reply.raw.once('close', () => {
            void transport.close();
            void server.close();
          });
          try {
            await server.connect(transport);
            await transport.handleRequest(request.raw, reply.raw, request.body);
          } catch (error) {
            request.log.error({ err: error }, 'MCP request failed');
            if (reply.raw.headersSent) reply.raw.end();
            else
              reply.raw
                .writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
                .end(JSON.stringify(new ApiError('internal').toJsonRpcBody()));
          }
        },
      );
      scope.route({ method: ['GET', 'DELETE'], url, config: { jsonRpcErrors: true }, handler: methodNotAllowed });
    }
    // `/mcp` names no domain unless a site host rewrote it: say where the servers are (a client given `/mcp/<domain>` may have dropped the domain).
    scope.route({ method: ['GET', 'POST', 'DELETE'], url: '/mcp', config: { jsonRpcErrors: true }, handler: noDomain });
  });
}

/** Whether a JSON-RPC message calls a tool (what the limits count). */
function isToolCall(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'tools/call';
}

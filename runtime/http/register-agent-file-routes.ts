import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageMarkdownFile } from '../../schemas/page-markdown-file.ts';
import { quotedPagePath } from './quoted-page-path.ts';
import { parsePagePath } from '../artifacts/parse-page-path.ts';
import { siteFilesPath } from '../artifacts/page-url.ts';
import { docsTools } from '../mcp/create-docs-mcp-server.ts';
import {
  mcpDiscoveryDocument,
  mcpServerCard,
  mcpServerCards,
  type DiscoveryInput,
} from '../mcp/discovery-documents.ts';
import { closestPagePaths, siteFacets } from '../search/index.ts';
import { DISCOVERY_FILES, llmsFileOf } from './agent-file-names.ts';
import { authorizeSiteFileReader, type Authorization } from './authorize-request.ts';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';
import { siteAddresses } from './site-hosts.ts';

/** How long a client or a cache may reuse a file before asking again (the ETag makes asking cheap): a new release shows within 5 minutes. */
const MAX_AGE_SECONDS = 300;

const fileParams = {
  type: 'object',
  required: ['domain', '*'],
  properties: { domain: { type: 'string', maxLength: 253 }, '*': { type: 'string', maxLength: 1024 } },
} as const;

const DISCOVERY_DOCUMENTS: Record<
  (typeof DISCOVERY_FILES)[number],
  (input: DiscoveryInput) => Record<string, unknown>
> = {
  '.well-known/mcp': mcpDiscoveryDocument,
  '.well-known/mcp.json': mcpDiscoveryDocument,
  '.well-known/mcp/server-card.json': mcpServerCard,
  '.well-known/mcp/server-cards.json': mcpServerCards,
};

/**
 * The files agents read, for each domain under `/sites/:domain/` (and at the root of a site host, `site-hosts.ts`):
 * `llms.txt` and `llms-full.txt` as the build wrote them (also under `.well-known/`), `<page path>.md` (`text/markdown`, the build's
 * `pages/<path>.md`) and the MCP discovery documents (`.well-known/mcp`, `.well-known/mcp.json`,
 * `.well-known/mcp/server-card.json`, `.well-known/mcp/server-cards.json`). Readable without a key on a public domain,
 * with a key of the domain otherwise, and a page through a link the runtime signed (`?sig=`, the assistant's citations);
 * no request spends the budget. Every answer carries an ETag (a file's: its build;
 * a discovery document's: its text) and Cache-Control (`public` on a public domain, `private` otherwise); a matching
 * If-None-Match is a 304. Nothing outside the domain's current build folder is ever read.
 */
export function registerAgentFileRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get<{ Params: { domain: string; '*': string }; Body: unknown; Querystring: unknown }>(
    `${siteFilesPath(':domain')}/*`,
    {
      schema: { params: fileParams },
      onRequest: async (request) => {
        request.authorization = await authorizeSiteFileReader(request, context);
      },
    },
    async (request, reply) => {
      const authorization = request.authorization as Authorization;
      const { site } = authorization;
      const file = request.params['*'];
      const discovery = DISCOVERY_DOCUMENTS[file as keyof typeof DISCOVERY_DOCUMENTS];
      if (discovery) {
        const tools = docsTools({
          site,
          currentSite: async () => site,
          readBuildFile: (build, name) => context.artifacts.readBuildFile(build, name),
        });
        const text = JSON.stringify(
          discovery({
            site,
            mcpUrl: siteAddresses(request, site.domain).mcpUrl,
            public: authorization.public === true,
            tools,
          }),
          null,
          2,
        );
        return sendFile(
          request,
          reply,
          authorization,
          'application/json; charset=utf-8',
          text,
          `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`,
        );
      }
      const llmsFile = llmsFileOf(file);
      if (llmsFile !== undefined) {
        const text = await context.artifacts.readBuildFile(site, llmsFile);
        if (text === undefined)
          throw new ApiError(
            'not_found',
            `The current build of ${site.domain} has no ${llmsFile}; rebuild it with this docsmith.`,
          );
        return sendFile(request, reply, authorization, 'text/plain; charset=utf-8', text, `"${site.buildId}"`);
      }
      const pagePath = file.endsWith('.md') ? parsePagePath(file) : undefined;
      if (pagePath === undefined) throw new ApiError('not_found');
      const markdown = await context.artifacts.readBuildFile(site, pageMarkdownFile(pagePath));
      if (markdown === undefined) {
        const closest = closestPagePaths(siteFacets(site.index).pagePaths, pagePath).map(
          (candidate) => `/${candidate}.md`,
        );
        throw new ApiError(
          'page_not_found',
          `No page /${quotedPagePath(pagePath)} in the current build of ${site.domain}.${closest.length > 0 ? ` Closest: ${closest.join(', ')}.` : ''}`,
        );
      }
      return sendFile(request, reply, authorization, 'text/markdown; charset=utf-8', markdown, `"${site.buildId}"`);
    },
  );
}

/** Answers a file with its caching headers, or 304 when the client holds the same version. */
function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  authorization: Authorization,
  type: string,
  text: string,
  etag: string,
): FastifyReply {
  reply
    .header('etag', etag)
    .header('cache-control', `${authorization.public ? 'public' : 'private'}, max-age=${MAX_AGE_SECONDS}`);
  const known = request.headers['if-none-match'];
  if (typeof known === 'string' && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return reply.code(304).send();
  return reply.type(type).send(text);
}

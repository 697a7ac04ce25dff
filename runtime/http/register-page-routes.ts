import type { FastifyInstance } from 'fastify';
import { pageMarkdownFile } from '../../schemas/page-markdown-file.ts';
import { quotedPagePath } from './quoted-page-path.ts';
import { parsePagePath } from '../artifacts/parse-page-path.ts';
import type { Authorization } from './authorize-request.ts';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';
import { createRouteGuards, domainParams, type DomainRequest } from './route-guards.ts';

const pagePathSchema = { type: 'string', minLength: 1, maxLength: 1024 } as const;
const pageQuery = {
  type: 'object',
  required: ['path'],
  additionalProperties: false,
  properties: { path: pagePathSchema },
} as const;
/** The body of the platform's `POST /v1/page/{domain}`: the page path and, optionally, the caller's documentation groups; other fields are ignored, as on the assistant route. */
const pageBody = {
  type: 'object',
  required: ['path'],
  additionalProperties: true,
  properties: {
    path: pagePathSchema,
    groups: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 256 } },
  },
} as const;

/**
 * The page routes, for agents and widgets: the Markdown of one page of the current build (`pages/<path>.md`,
 * written by the build). `GET /v1/page/:domain?path=…` answers it as `text/markdown`; `POST /v1/page/:domain` with
 * `{path, groups?}` (the platform's form) as JSON `{path, content}`. Neither spends the request budget (the platform:
 * "page content requests do not consume credits"). The key is checked in the onRequest guard, before the input is
 * validated. `path` may carry a leading `/`, a `.md` suffix or an `#anchor`; `/` is the index. Pages restricted to
 * user groups are never in the build, so `groups` opens none of them: it is accepted and has no effect.
 */
export function registerPageRoutes(app: FastifyInstance, context: RouteContext): void {
  const guards = createRouteGuards(context);
  const readPage = async (authorization: Authorization, requested: string): Promise<string> => {
    const pagePath = parsePagePath(requested);
    if (pagePath === undefined)
      throw new ApiError('invalid_body', 'Invalid path: `path` must be a page path like /guides/setup.', 'path');
    const markdown = await context.artifacts.readBuildFile(authorization.site, pageMarkdownFile(pagePath));
    if (markdown === undefined)
      throw new ApiError(
        'page_not_found',
        `No page /${quotedPagePath(pagePath)} in the current build of ${authorization.site.domain}.`,
      );
    return markdown;
  };
  app.get(
    '/v1/page/:domain',
    { schema: { params: domainParams, querystring: pageQuery }, onRequest: guards.authorize },
    async (request: DomainRequest<unknown, { path: string }>, reply) => {
      const markdown = await readPage(request.authorization as Authorization, request.query.path);
      return reply.type('text/markdown; charset=utf-8').send(markdown);
    },
  );
  app.post(
    '/v1/page/:domain',
    { schema: { params: domainParams, body: pageBody }, onRequest: guards.authorize },
    async (request: DomainRequest<{ path: string; groups?: string[] }>) => ({
      path: request.body.path,
      content: await readPage(request.authorization as Authorization, request.body.path),
    }),
  );
}

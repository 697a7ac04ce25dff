import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildDirectory } from '../../contract/artifact-layout.ts';
import { pageMarkdownFile } from '../../schemas/page-markdown-file.ts';
import type { Authorization } from './authorize-request.ts';
import { ApiError } from './error-catalog.ts';
import type { RouteContext } from './route-context.ts';
import { createRouteGuards, domainParams, type DomainRequest } from './route-guards.ts';

const pageQuery = { type: 'object', required: ['path'], additionalProperties: false, properties: { path: { type: 'string', minLength: 1, maxLength: 1024 } } } as const;
/** A page path: segments of letters, digits, `-`, `_`, `.` (no `..`), optional leading `/`, `.md` and `#anchor`. */
const PAGE_PATH = /^\/?((?:[\p{L}\p{N}_-][\p{L}\p{N}._-]*)(?:\/[\p{L}\p{N}_-][\p{L}\p{N}._-]*)*)?\/?(?:\.md)?(?:#.*)?$/u;

/**
 * GET /v1/page/:domain?path=… — the Markdown of one page of the current build (`pages/<path>.md`, written by
 * the build), for agents and widgets. The key is checked in the onRequest guard, before the query is validated. `path` may carry a leading `/`, a `.md` suffix or an `#anchor`; `/` is the index.
 */
export function registerPageRoutes(app: FastifyInstance, context: RouteContext, artifactsDir: string): void {
  const guards = createRouteGuards(context);
  app.get('/v1/page/:domain', { schema: { params: domainParams, querystring: pageQuery }, onRequest: guards.authorize }, async (request: DomainRequest<unknown, { path: string }>, reply) => {
    const authorization = request.authorization as Authorization;
    const match = PAGE_PATH.exec(request.query.path.trim());
    if (!match) throw new ApiError('invalid_body', 'Invalid query: `path` must be a page path like /guides/setup.', 'path');
    const pagePath = (match[1] ?? '').replace(/\.md$/, '') || 'index';
    const file = path.join(buildDirectory(path.join(artifactsDir, authorization.site.domain), authorization.site.buildId), pageMarkdownFile(pagePath));
    let markdown: string;
    try {
      markdown = await readFile(file, 'utf8');
    } catch {
      throw new ApiError('page_not_found', `No page /${pagePath} in the current build of ${authorization.site.domain}.`);
    }
    return reply.type('text/markdown; charset=utf-8').send(markdown);
  });
}

import type { FastifyInstance } from 'fastify';
import insightsQuerySchema from '../../schemas/insights-query.schema.json' with { type: 'json' };
import { collectInsights } from '../analytics/collect-insights.ts';
import { InsightsRangeError, resolveInsightsRange } from '../analytics/resolve-insights-range.ts';
import type { InsightsQuery } from '../analytics/store-insights.ts';
import { summarizeErrorForLog } from '../assistant/summarize-error-for-log.ts';
import { createNavigationPagesReader } from '../artifacts/read-navigation-pages.ts';
import type { Authorization } from './authorize-request.ts';
import { ApiError } from './error-catalog.ts';
import { FAVICON_LINK } from './favicon-link.ts';
import { DEFAULT_WEB_DIR } from './register-web-routes.ts';
import type { RouteContext } from './route-context.ts';
import { createRouteGuards, domainParams, type DomainRequest } from './route-guards.ts';
import { createWebAssets, sendWebAsset } from './web-assets.ts';

/** Options of `registerInsightsRoutes`. */
export interface InsightsRoutesOptions {
  /** Folder of published builds (the navigation of the current build names the pages never cited). */
  artifactsDir: string;
  /** Serve the owner's dashboard, `GET /admin` (default false; `serve --admin`). */
  dashboard?: boolean;
  /** Folder of the bundled browser client (default `web/dist` of this checkout). */
  webDir?: string;
}

interface InsightsRequestQuery {
  from?: string;
  to?: string;
  version?: string;
  language?: string;
  limit?: string;
}

/** Headers of the dashboard page: its own scripts only, never framed, nothing cached or referred. */
const DASHBOARD_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * The owner's insights: `GET /v1/analytics/:domain/insights?from&to&version&language&limit` (admin keys only, checked
 * in the onRequest guards before the query) answers `collectInsights` as JSON; with `dashboard`, `GET /admin` and
 * `GET /admin.js` serve the page that reads it (an admin key typed into the page; no other page needed).
 */
export function registerInsightsRoutes(
  app: FastifyInstance,
  context: RouteContext,
  options: InsightsRoutesOptions,
): void {
  const guards = createRouteGuards(context);
  const navigationPages = createNavigationPagesReader(options.artifactsDir);
  app.get(
    '/v1/analytics/:domain/insights',
    {
      schema: { params: domainParams, querystring: insightsQuerySchema },
      onRequest: [guards.authorize, guards.requireAdmin],
    },
    async (request: DomainRequest<unknown, InsightsRequestQuery>) => {
      const { site } = request.authorization as Authorization;
      let range: { from: string; to: string };
      try {
        range = resolveInsightsRange(
          {
            ...(request.query.from ? { from: request.query.from } : {}),
            ...(request.query.to ? { to: request.query.to } : {}),
          },
          new Date(),
        );
      } catch (error) {
        if (error instanceof InsightsRangeError)
          throw new ApiError('invalid_body', `Invalid query: ${error.message}`, error.field);
        throw error;
      }
      const query: InsightsQuery = {
        domain: site.domain,
        ...range,
        ...(request.query.version ? { version: request.query.version } : {}),
        ...(request.query.language ? { language: request.query.language } : {}),
        limit: request.query.limit ? Number(request.query.limit) : 20,
      };
      const navigation = await navigationPages(site.domain, site.buildId).catch((error: unknown) => {
        request.log.warn(
          { domain: site.domain, error: summarizeErrorForLog(error) },
          'navigation not read; insights without never-cited pages',
        );
        return undefined;
      });
      return collectInsights(context.analytics, query, navigation ? { index: site.index, navigation } : undefined);
    },
  );

  if (!options.dashboard) return;
  const assets = createWebAssets(options.webDir ?? DEFAULT_WEB_DIR);
  app.get('/admin', async (_request, reply) => {
    if (!(await assets.get('admin.js'))) throw new ApiError('web_client_missing');
    return reply.headers(DASHBOARD_HEADERS).type('text/html; charset=utf-8').send(DASHBOARD_HTML);
  });
  app.get('/admin.js', async (request, reply) =>
    sendWebAsset(await assets.get('admin.js'), 'no-cache', request, reply),
  );
}

const DASHBOARD_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${FAVICON_LINK}
<title>docsmith insights</title>
</head>
<body>
<noscript>The insights dashboard needs JavaScript; <code>docsmith insights</code> prints the same in a terminal.</noscript>
<div id="docsmith-insights"></div>
<script src="/admin.js"></script>
</body>
</html>
`;

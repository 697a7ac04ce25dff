import type { FastifyInstance } from 'fastify';
import type { AssistantSettingsStore } from '../settings/assistant-settings-store.ts';
import type { Authorization } from './authorize-request.ts';
import type { RouteContext } from './route-context.ts';
import { createRouteGuards, domainParams, type DomainRequest } from './route-guards.ts';

/** Seconds a browser may keep a site's settings (the widget fetches them on every page load). */
const SETTINGS_MAX_AGE_SECONDS = 300;

/**
 * `GET /v1/assistant/:domain/settings`: what the widget and the playground show before a question — the site's name
 * and docs.json colours (from the published build) and the operator's starter questions and support contact (the
 * settings file). Authorized like every `/:domain` route, so a bad key, domain or origin is known before anyone
 * asks; spends no limit. Cached privately by the browser for five minutes.
 */
export function registerSettingsRoutes(
  app: FastifyInstance,
  context: RouteContext,
  settings: AssistantSettingsStore,
): void {
  const guards = createRouteGuards(context);
  app.get(
    '/v1/assistant/:domain/settings',
    { schema: { params: domainParams }, onRequest: guards.authorize },
    async (request: DomainRequest, reply) => {
      const { site } = request.authorization as Authorization;
      const operator = settings.forDomain(site.domain);
      reply.header('cache-control', `private, max-age=${SETTINGS_MAX_AGE_SECONDS}`);
      return {
        domain: site.domain,
        name: site.siteName,
        colors: site.colors ?? {},
        starterQuestions: operator.starterQuestions ?? [],
        starterQuestionsByPath: operator.starterQuestionsByPath ?? {},
        ...(operator.support ? { support: operator.support } : {}),
      };
    },
  );
}

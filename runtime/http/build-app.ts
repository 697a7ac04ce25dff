import path from 'node:path';
import cors from '@fastify/cors';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { createArtifactStore, type ArtifactStore } from '../artifacts/create-artifact-store.ts';
import { summarizeErrorForLog } from '../assistant/summarize-error-for-log.ts';
import { createAssistantSettingsStore } from '../settings/assistant-settings-store.ts';
import type { AppOptions } from './app-options.ts';
import { bodyTimeout } from './body-timeout.ts';
import { ignoreNonIpForwardedFor } from './client-address.ts';
import { createRouteContext } from './create-route-context.ts';
import { keyOriginCors } from './key-origin-cors.ts';
import { openStores } from './open-stores.ts';
import { parseJsonBody } from './parse-json-body.ts';
import { registerAppRoutes } from './register-app-routes.ts';
import { registerGracefulClose } from './register-graceful-close.ts';
import { methodAwareNotFound } from './router-errors.ts';
import { sendError } from './send-error.ts';
import { serverOptions } from './server-options.ts';
import { siteHostRewriter } from './site-hosts.ts';
import { startStoreMaintenance } from './start-store-maintenance.ts';
import { toApiError } from './to-api-error.ts';

export type { AppOptions } from './app-options.ts';
export { DEFAULT_SHUTDOWN_GRACE_MS } from './register-graceful-close.ts';
export { DEFAULT_ANALYTICS_RETENTION_DAYS } from './start-store-maintenance.ts';

/**
 * Builds the runtime's fastify app: the assistant endpoints (v1 data stream by default, v2 UI stream),
 * search, threads, health and metrics, with API keys, rate limits, thread storage and the artifact store.
 * Stores are closed with the app.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: 'info',
            redact: ['req.headers.authorization'],
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    ...serverOptions({
      ...options.timeouts,
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    }),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, verbose: true } },
    return503OnClosing: true,
    ...(options.siteHosts?.length ? { rewriteUrl: siteHostRewriter(options.siteHosts) } : {}),
  });
  const notFound = methodAwareNotFound(app);
  app.addHook('onRequest', ignoreNonIpForwardedFor);
  app.addHook('preParsing', bodyTimeout(options.bodyTimeoutMs ?? 10_000));
  app.removeContentTypeParser('text/plain');
  const assistantSettings = createAssistantSettingsStore({
    file: options.assistantSettingsFile ?? path.join(options.dataDir, 'assistant-settings.json'),
    onInvalidReload: (error) =>
      app.log.warn({ reason: error.message }, 'assistant settings not reloaded; keeping the previous ones'),
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  const artifacts: ArtifactStore =
    options.artifactStore ??
    createArtifactStore({
      root: options.artifactsDir,
      ...(options.artifactMemoryBytes ? { memoryBudgetBytes: options.artifactMemoryBytes } : {}),
      pollMs: options.artifactPollMs,
      onRejectedBuild: (domain, buildId, reason) =>
        app.log.warn(
          { domain, buildId, reason },
          'refused a build; serving the previous one if any, trying again in 30 s',
        ),
      onOversizedSite: (domain, neededBytes, budgetBytes) =>
        app.log.warn(
          { domain, neededMiB: Math.ceil(neededBytes / 2 ** 20), budgetMiB: Math.floor(budgetBytes / 2 ** 20) },
          'a site larger than the artifact memory budget: kept alone above it (raise --artifact-memory)',
        ),
    });
  const { close: closeStores, ...stores } = await openStores({
    ...options,
    onKeyRefreshError: (error) => app.log.warn({ error: summarizeErrorForLog(error) }, 'keys not refreshed from Redis'),
  });
  const context = createRouteContext(options, stores, artifacts);
  const stopMaintenance = startStoreMaintenance({
    threads: stores.threads,
    analytics: stores.analytics,
    threadRetentionDays: options.threadRetentionDays,
    analyticsRetentionDays: options.analyticsRetentionDays,
    log: app.log,
  });
  registerGracefulClose(app, {
    answersInFlight: context.answersInFlight,
    shutdownGraceMs: options.shutdownGraceMs,
    release: async () => {
      stopMaintenance();
      await closeStores();
    },
  });

  const corsOptions = {
    origin: options.corsOrigin ?? true,
    methods: ['GET', 'POST', 'OPTIONS'],
    maxAge: 600,
    // An OPTIONS request that is not a preflight is answered as one (204), not with the plugin's text/plain 400.
    strictPreflight: false,
    exposedHeaders: ['x-thread-id', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'],
  };
  await app.register(cors, () => keyOriginCors(stores.keys, corsOptions));
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    context.metrics.observeRequest(route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(toApiError(error, request), reply));
  app.setNotFoundHandler(notFound);

  await options.registerFirst?.(app);
  registerAppRoutes(app, context, options, assistantSettings);
  return app;
}

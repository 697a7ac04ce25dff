import path from 'node:path';
import cors from '@fastify/cors';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { createArtifactStore, type ArtifactStore } from '../artifacts/create-artifact-store.ts';
import { createExtractiveModel } from '../assistant/extractive-model.ts';
import { StoreUnavailableError } from '../stores/store-unavailable-error.ts';
import { summarizeErrorForLog } from '../assistant/summarize-error-for-log.ts';
import { ServerShutdownError } from '../assistant/answer-failure.ts';
import { monitorStoreHealth } from '../stores/store-health-monitor.ts';
import { startRetentionSweeper } from '../stores/retention-sweeper.ts';
import { bodyTimeout } from './body-timeout.ts';
import { ignoreNonIpForwardedFor, type TrustProxy } from './client-address.ts';
import { ApiError } from './error-catalog.ts';
import { EventLoopTurns } from './event-loop-turns.ts';
import { InFlightAnswers } from './in-flight-answers.ts';
import { modelTakingTurns } from './model-taking-turns.ts';
import { openStores, type StoresOptions } from './open-stores.ts';
import { keyOriginCors } from './key-origin-cors.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import type { MetricsAccess } from './register-metrics-route.ts';
import { methodAwareNotFound } from './router-errors.ts';
import { parseJsonBody } from './parse-json-body.ts';
import { sendError } from './send-error.ts';
import { serverOptions, type ServerTimeouts } from './server-options.ts';
import { registerAnalyticsRoutes } from './register-analytics-routes.ts';
import { registerInsightsRoutes } from './register-insights-routes.ts';
import { registerMessageRoutes } from './register-message-routes.ts';
import { registerOperationalRoutes } from './register-operational-routes.ts';
import { registerPageRoutes } from './register-page-routes.ts';
import { registerSearchRoutes } from './register-search-routes.ts';
import { registerSettingsRoutes } from './register-settings-routes.ts';
import { createAssistantSettingsStore } from '../settings/assistant-settings-store.ts';
import { registerThreadRoutes } from './register-thread-routes.ts';
import { registerWebRoutes, type WebRoutesOptions } from './register-web-routes.ts';
import { registerMcpRoutes } from './register-mcp-routes.ts';
import { registerAgentFileRoutes } from './register-agent-file-routes.ts';
import { siteHostRewriter, type SiteHost } from './site-hosts.ts';
import { createQueryEmbedder, type QueryEmbedderOptions } from '../search/index.ts';
import type { RouteContext } from './route-context.ts';

/** Milliseconds in-flight answers may take to finish once the app closes, by default: within a container orchestrator's usual 30 s grace. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** Days analytics events are kept by default: a year-over-year report still works (the earlier Redis trim). */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 400;

/** Options of `buildApp`; where the stores live is `openStores`'s options. */
export interface AppOptions extends Omit<StoresOptions, 'onKeyRefreshError'> {
  /** Folder of published builds, one sub-folder per domain. */
  artifactsDir: string;
  /** Answer model (default: the offline extractive model; the CLI passes the one ASSISTANT_LLM_* names). */
  model?: LanguageModelV3;
  /** pino logging (default true). */
  logger?: boolean | Record<string, unknown>;
  /** Largest request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** How often a domain's published release is re-checked, in ms (default 1000). */
  artifactPollMs?: number;
  /** Memory budget of loaded artifacts in bytes (default: half of V8's heap limit, 64 to 512 MiB; see defaultArtifactMemoryBytes). */
  artifactMemoryBytes?: number | undefined;
  /** Proxies whose X-Forwarded-For gives the client IP: a hop count or addresses/CIDRs (default: none; see parseTrustProxy). */
  trustProxy?: TrustProxy;
  /** Days a thread is kept after its last message (default: kept forever). */
  threadRetentionDays?: number;
  /** Days analytics events (questions, feedback, searches) are kept (default 400; 0 keeps them forever). */
  analyticsRetentionDays?: number;
  /** Milliseconds an answer may take before its stream ends with a timeout error (default 60000). */
  modelTimeoutMs?: number;
  /**
   * Milliseconds that answers still streaming when the app closes (SIGTERM) may take to finish; past it, each ends
   * with an error part and what it had said is stored as incomplete (default 10000; 0 ends them at once).
   */
  shutdownGraceMs?: number;
  /** Milliseconds for a request body to arrive before 408 `request_timeout` (default 10000). */
  bodyTimeoutMs?: number;
  /** Headers, whole-request and keep-alive timeouts of the HTTP server. */
  timeouts?: ServerTimeouts;
  /** Origins allowed by CORS (default: any). */
  corsOrigin?: string | string[] | boolean | undefined;
  /**
   * The operator's per-site assistant settings (starter questions, support contact; schemas/assistant-settings.schema.json),
   * re-read when it changes (default `<dataDir>/assistant-settings.json`; a missing file is no settings, an invalid one
   * throws AssistantSettingsError).
   */
  assistantSettingsFile?: string | undefined;
  /** The browser client: `/widget.js` always, `/playground` unless `playground: false`. */
  web?: WebRoutesOptions | undefined;
  /**
   * Question embedding for sites built with section vectors (`docsmith build --embeddings-url`): the endpoint each
   * artifact names unless `url` overrides it, `apiKey`, a timeout, a cache and the vector ranking's `weight` in the
   * fusion (default `{}`: DEFAULT_VECTOR_WEIGHT); false: lexical retrieval only.
   */
  embeddings?: (QueryEmbedderOptions & { weight?: number | undefined }) | false;
  /**
   * v1 data stream: send each answer's sources also as the result of a `search` tool invocation (`9:` + `a:` parts),
   * where the platform's assistant embed example reads them (default false: `h:` source parts only, the wire of DESIGN).
   */
  searchToolParts?: boolean;
  /**
   * Domains whose documentation is public: their MCP server and the files agents read answer without a key, counted
   * per client IP (default: none, a key of the domain is needed; `*`: every domain). The assistant and the search API
   * always need a key.
   */
  publicDocs?: readonly string[];
  /** Hosts whose root serves one domain's MCP server and agent files (`/mcp`, `/llms.txt`, `/<page>.md`, `/.well-known/mcp…`), for a reverse proxy in front of a docs site (default: none). */
  siteHosts?: readonly SiteHost[];
  /** The metrics the app counts into (default: its own registry); pass the same to `buildMetricsApp` to serve them elsewhere. */
  metrics?: Metrics;
  /** GET /metrics on this app: open (default `{}`), behind a bearer token (`{ token }`), or not at all (`false`: a separate listener serves it). */
  metricsRoute?: MetricsAccess | false;
  /** The published builds (default: an artifact store over `artifactsDir`); `docsmith dev` passes its own to load each build as it publishes it. */
  artifactStore?: ArtifactStore;
  /** Requests from this machine (a loopback address) need no key: `docsmith dev` serves one writer (default false). */
  keylessLoopback?: boolean;
  /** Registered before the routes, so that a plugin sees them all (the OpenAPI generator registers @fastify/swagger; default none). */
  registerFirst?: (app: FastifyInstance) => Promise<void>;
  /** Keep the text of readers' questions in analytics, scrubbed of personal data (default false: only their terms; `npm start` turns it on). */
  storeQuestionText?: boolean;
  /** Serve the owner's insights dashboard at `GET /admin` (default false; `serve --admin`). Its data route is always on for admin keys. */
  admin?: boolean;
}

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
        app.log.warn({ domain, buildId, reason }, 'refused a new build; keeping the previous one'),
    });
  const {
    keys,
    limiter,
    feedbackLimiter,
    threads,
    analytics,
    close: closeStores,
  } = await openStores({
    ...options,
    onKeyRefreshError: (error) => app.log.warn({ error: summarizeErrorForLog(error) }, 'keys not refreshed from Redis'),
  });
  const hybrid =
    options.embeddings === false
      ? undefined
      : {
          embedQuery: createQueryEmbedder(options.embeddings),
          ...(options.embeddings?.weight === undefined ? {} : { vectorWeight: options.embeddings.weight }),
        };
  const answersInFlight = new InFlightAnswers();
  const turns = new EventLoopTurns();
  const context: RouteContext = {
    answersInFlight,
    turns,
    artifacts,
    keys,
    limiter,
    feedbackLimiter,
    threads,
    analytics,
    metrics: options.metrics ?? createMetrics(),
    model: modelTakingTurns(options.model ?? createExtractiveModel(), turns),
    modelTimeoutMs: options.modelTimeoutMs,
    hybrid,
    searchToolParts: options.searchToolParts,
    isPublicDocs: options.publicDocs?.length ? publicDocsPredicate(options.publicDocs) : undefined,
    keylessLoopback: options.keylessLoopback,
  };
  const stopHealthMonitor = monitorStoreHealth({
    problem: () => threads.problem(),
    onChange: (problem) =>
      problem ? app.log.error({ problem }, 'thread store unusable') : app.log.info('thread store usable again'),
  });
  const retention = options.threadRetentionDays
    ? startRetentionSweeper({
        retentionMs: options.threadRetentionDays * 86_400_000,
        sweep: (before) => threads.deleteThreadsBefore(before),
        onSwept: (count) => app.log.info({ count }, 'deleted threads past their retention'),
        onError: (error) => app.log.warn({ error: summarizeErrorForLog(error) }, 'thread retention sweep failed'),
      })
    : undefined;
  const analyticsRetentionDays = options.analyticsRetentionDays ?? DEFAULT_ANALYTICS_RETENTION_DAYS;
  const analyticsRetention = analyticsRetentionDays
    ? startRetentionSweeper({
        retentionMs: analyticsRetentionDays * 86_400_000,
        sweep: (before) => analytics.deleteEventsBefore(before),
        onSwept: (count) => app.log.info({ count }, 'deleted analytics events past their retention'),
        onError: (error) => app.log.warn({ error: summarizeErrorForLog(error) }, 'analytics retention sweep failed'),
      })
    : undefined;
  const shutdownGraceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  let graceTimer: NodeJS.Timeout | undefined;
  let closing = false;
  // Once closing, a connection whose response has ended is closed, rather than kept alive until its idle timeout.
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
  app.addHook('preClose', (done) => {
    closing = true;
    if (answersInFlight.size > 0)
      app.log.info(
        { answers: answersInFlight.size, shutdownGraceMs },
        'closing: the answers in flight may take the grace period to finish',
      );
    graceTimer = setTimeout(() => answersInFlight.abortAll(new ServerShutdownError()), shutdownGraceMs);
    done();
  });
  app.addHook('onClose', async () => {
    clearTimeout(graceTimer);
    stopHealthMonitor();
    retention?.stop();
    analyticsRetention?.stop();
    await closeStores();
  });

  const corsOptions = {
    origin: options.corsOrigin ?? true,
    methods: ['GET', 'POST', 'OPTIONS'],
    maxAge: 600,
    exposedHeaders: ['x-thread-id', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'],
  };
  await app.register(cors, () => keyOriginCors(keys, corsOptions));
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    context.metrics.observeRequest(route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(toApiError(error, request), reply));
  app.setNotFoundHandler(notFound);

  await options.registerFirst?.(app);
  registerOperationalRoutes(app, context, options.metricsRoute ?? {});
  registerMessageRoutes(app, context);
  registerSearchRoutes(app, context);
  registerThreadRoutes(app, context);
  registerAnalyticsRoutes(app, context);
  registerInsightsRoutes(app, context, {
    artifactsDir: options.artifactsDir,
    dashboard: options.admin === true,
    ...(options.web?.webDir ? { webDir: options.web.webDir } : {}),
  });
  registerPageRoutes(app, context);
  registerWebRoutes(app, options.web);
  registerMcpRoutes(app, context);
  registerAgentFileRoutes(app, context);
  registerSettingsRoutes(app, context, assistantSettings);
  return app;
}

/** Whether a domain is among the public ones (`*`: all of them). */
function publicDocsPredicate(domains: readonly string[]): (domain: string) => boolean {
  const named = new Set(domains);
  return (domain) => named.has('*') || named.has(domain);
}

function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreUnavailableError) {
    request.log.error({ err: error }, 'store unavailable');
    return new ApiError('store_unavailable');
  }
  if (error.validation) {
    const first = error.validation[0];
    const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
    const field =
      `${(first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')}${missing ? `${first?.instancePath ? '.' : ''}${missing}` : ''}${extra ? `${first?.instancePath ? '.' : ''}${extra}` : ''}` ||
      'body';
    const allowed = (first?.params as { allowedValues?: unknown[] } | undefined)?.allowedValues;
    const expected =
      first?.keyword === 'pattern'
        ? (first as { parentSchema?: { description?: string } }).parentSchema?.description
        : undefined;
    const reason = extra
      ? 'is not a known field'
      : missing
        ? 'is required'
        : allowed
          ? `must be one of: ${allowed.join(', ')}`
          : expected
            ? `is invalid, expected ${expected.charAt(0).toLowerCase()}${expected.slice(1).replace(/\.$/, '')}`
            : (first?.message ?? 'is invalid');
    const where = error.validationContext === 'querystring' ? 'query' : 'request body';
    return new ApiError('invalid_body', `Invalid ${where}: \`${field}\` ${reason}.`, field);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('body_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return error.statusCode === 415
        ? new ApiError('unsupported_media_type')
        : new ApiError('invalid_body', 'The request body cannot be read.');
    default:
      break;
  }
  if (error.statusCode === 415) return new ApiError('unsupported_media_type');
  if (error.statusCode === 413) return new ApiError('body_too_large');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(
      'invalid_body',
      error instanceof SyntaxError || /JSON/i.test(error.message)
        ? 'The request body is not valid JSON.'
        : 'The request is invalid.',
      'body',
    );
  }
  request.log.error({ err: error }, 'unexpected error');
  return new ApiError('internal');
}

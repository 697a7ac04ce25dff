import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import { defaultArtifactMemoryBytes } from '../../runtime/artifacts/create-artifact-store.ts';
import { buildApp, type AppOptions } from '../../runtime/http/build-app.ts';
import { buildMetricsApp } from '../../runtime/http/build-metrics-app.ts';
import { createMetrics } from '../../runtime/http/metrics.ts';
import type { TrustProxy } from '../../runtime/http/client-address.ts';
import { createModelFromEnvironment } from '../create-model-from-environment.ts';
import { reliabilityFromEnvironment } from '../reliability-from-environment.ts';
import { parseSiteHost, type SiteHost } from '../../runtime/http/site-hosts.ts';
import { AssistantSettingsError } from '../../runtime/settings/assistant-settings-store.ts';
import { EnvironmentSettingError, wholeNumberFromEnvironment } from '../whole-number-from-environment.ts';
import { EXIT_USAGE } from '../exit-codes.ts';
import { parseHttpUrl } from '../parse-http-url.ts';
import { collectList } from '../options/collect-list.ts';
import { collectSiteHost } from '../options/collect-site-host.ts';
import { parsePort } from '../options/parse-port.ts';
import { parseTrustProxyOption } from '../options/parse-trust-proxy-option.ts';
import { splitList } from '../options/split-list.ts';
import { wholeNumberOption } from '../options/whole-number-option.ts';

/** `--port`'s parser, importable from here as it was before it had a file of its own. */
export { parsePort } from '../options/parse-port.ts';

interface ServeCommandOptions {
  artifacts: string;
  data: string;
  port?: number;
  host: string;
  trustProxy?: TrustProxy;
  playground: boolean;
  searchToolParts?: boolean;
  limitKeyMonth?: number;
  limitOrgHour?: number;
  limitIpDay?: number;
  embeddings: boolean;
  embeddingsUrl?: string;
  feedbackLimitKeyMonth?: number;
  feedbackLimitOrgHour?: number;
  feedbackLimitIpDay?: number;
  analyticsRetentionDays?: number;
  publicDocs: string[];
  siteHost: SiteHost[];
  assistantSettings?: string;
  shutdownGrace?: number;
  metricsPort?: number;
  metricsHost?: string;
  artifactMemory?: number;
  admin?: boolean;
  storeQuestions?: boolean;
}

/** The spec's limits (assistant-api.md): 10,000 uses per key per month, per organization per hour, per IP per day. */
const SPEC_LIMIT = 10_000;

/** `docsmith serve`: serves the assistant API for every domain published under the artifacts folder. */
export function serveCommand(): Command {
  return new Command('serve')
    .description('Serve the assistant API for the published builds of an artifacts folder')
    .option(
      '--artifacts <dir>',
      'published builds, one folder per domain (env DOCSMITH_ARTIFACTS)',
      process.env.DOCSMITH_ARTIFACTS ?? 'dist',
    )
    .option('--data <dir>', 'keys file and SQLite database (env DOCSMITH_DATA)', process.env.DOCSMITH_DATA ?? '.data')
    .option('--port <port>', 'port to listen on (env PORT, default 8080)', parsePort)
    .option('--host <host>', 'address to listen on (env HOST)', process.env.HOST ?? '127.0.0.1')
    .option(
      '--trust-proxy <hops|addresses>',
      'take the client IP from X-Forwarded-For set by these proxies: a hop count or addresses/CIDRs, comma-separated (env TRUST_PROXY)',
      parseTrustProxyOption,
    )
    .option(
      '--limit-key-month <n>',
      'uses per API key per calendar month (env DOCSMITH_LIMIT_KEY_MONTH, default 10000 as the spec)',
      wholeNumberOption(1),
    )
    .option(
      '--limit-org-hour <n>',
      'requests per organization per clock hour (env DOCSMITH_LIMIT_ORG_HOUR, default 10000)',
      wholeNumberOption(1),
    )
    .option(
      '--limit-ip-day <n>',
      'requests per client IP per calendar day (env DOCSMITH_LIMIT_IP_DAY, default 10000)',
      wholeNumberOption(1),
    )
    .option(
      '--feedback-limit-key-month <n>',
      'feedback calls per API key per month, counted apart from answers (env DOCSMITH_FEEDBACK_LIMIT_KEY_MONTH, default: --limit-key-month)',
      wholeNumberOption(1),
    )
    .option(
      '--feedback-limit-org-hour <n>',
      'feedback calls per organization per hour (env DOCSMITH_FEEDBACK_LIMIT_ORG_HOUR, default: --limit-org-hour)',
      wholeNumberOption(1),
    )
    .option(
      '--feedback-limit-ip-day <n>',
      'feedback calls per client IP per day (env DOCSMITH_FEEDBACK_LIMIT_IP_DAY, default: --limit-ip-day)',
      wholeNumberOption(1),
    )
    .option(
      '--analytics-retention-days <n>',
      'days analytics events are kept, 0 = forever (env DOCSMITH_ANALYTICS_RETENTION_DAYS, default 400)',
      wholeNumberOption(0),
    )
    .option(
      '--embeddings-url <url>',
      'embeddings endpoint for questions on sites built with --embeddings-url, instead of the one their artifact names (env DOCSMITH_EMBEDDINGS_URL; key in DOCSMITH_EMBEDDINGS_API_KEY)',
      parseHttpUrl,
    )
    .option('--no-embeddings', 'lexical retrieval only, even for sites built with vectors')
    .option(
      '--search-tool-parts',
      "v1 data stream: also send the sources as a `search` tool invocation, as the platform's assistant embed example reads them (env DOCSMITH_SEARCH_TOOL_PARTS=1)",
    )
    .option(
      '--assistant-settings <file>',
      'starter questions and support contact per site, re-read on change (env DOCSMITH_ASSISTANT_SETTINGS, default <data>/assistant-settings.json; docs/guides/widget.mdx)',
      process.env.DOCSMITH_ASSISTANT_SETTINGS,
    )
    .option(
      '--no-playground',
      'do not serve GET /playground, e.g. in production (env DOCSMITH_PLAYGROUND=0); /widget.js stays',
    )
    .option(
      '--public-docs <domains>',
      'domains whose MCP server and agent files (llms.txt, <page>.md, /.well-known/mcp) answer without a key, limited per client IP; comma-separated or repeated, * for all (env DOCSMITH_PUBLIC_DOCS; default: a key is needed)',
      collectList,
      [],
    )
    .option(
      '--site-host <host=domain>',
      'answer /mcp, /llms.txt, /<page>.md and /.well-known/mcp* at the root of this host for a domain, e.g. docs.acme.com=acme or acme.com/docs=acme; repeatable (env DOCSMITH_SITE_HOSTS, comma-separated)',
      collectSiteHost,
      [],
    )
    .option(
      '--shutdown-grace <ms>',
      'on SIGTERM/SIGINT, milliseconds the answers in flight may take to finish before they end with an error part and are stored as incomplete (env DOCSMITH_SHUTDOWN_GRACE_MS, default 10000); a second signal exits at once',
      wholeNumberOption(0),
    )
    .option(
      '--metrics-port <port>',
      'serve GET /metrics on this port instead of the API port (env DOCSMITH_METRICS_PORT); set DOCSMITH_METRICS_TOKEN to require a bearer token on either',
      parsePort,
    )
    .option('--metrics-host <host>', 'address of the metrics port (env DOCSMITH_METRICS_HOST, default: --host)')
    .option(
      '--artifact-memory <MiB>',
      "memory budget of the loaded sites, as the artifact store estimates it; the least recently used are unloaded past it (env DOCSMITH_ARTIFACT_MEMORY_MB, default: half of V8's heap limit, 64 to 512)",
      wholeNumberOption(1),
    )
    .option(
      '--admin',
      "serve the owners' insights dashboard at GET /admin, read with an admin key (env DOCSMITH_ADMIN=1)",
    )
    .option(
      '--store-questions',
      "keep the text of readers' questions in analytics, scrubbed of e-mails, keys and numbers; without it only their terms are kept (env DOCSMITH_STORE_QUESTIONS=1)",
    )
    .addHelpText(
      'after',
      '\nExample:\n  $ docsmith serve --artifacts dist --data .data --port 8080 --no-playground --limit-org-hour 5000',
    )
    .action(async (options: ServeCommandOptions) => {
      let limits: { keyMonth: number; orgHour: number; ipDay: number };
      let feedbackLimits: typeof limits;
      let reliability: ReturnType<typeof reliabilityFromEnvironment>;
      let embeddings: NonNullable<AppOptions['embeddings']>;
      let port: number;
      let siteHosts: SiteHost[];
      let publicDocs: string[];
      let metricsPort: number | undefined;
      let artifactMemoryMiB: number | undefined;
      try {
        siteHosts = options.siteHost.length > 0 ? options.siteHost : siteHostsFromEnvironment(process.env);
        publicDocs =
          options.publicDocs.length > 0 ? options.publicDocs : splitList(process.env.DOCSMITH_PUBLIC_DOCS ?? '');
        reliability = reliabilityFromEnvironment(process.env);
        embeddings = embeddingsFromEnvironment(options, process.env);
        checkAnswerModelUrl(process.env);
        limits = {
          keyMonth: options.limitKeyMonth ?? limitFromEnvironment('DOCSMITH_LIMIT_KEY_MONTH'),
          orgHour: options.limitOrgHour ?? limitFromEnvironment('DOCSMITH_LIMIT_ORG_HOUR'),
          ipDay: options.limitIpDay ?? limitFromEnvironment('DOCSMITH_LIMIT_IP_DAY'),
        };
        feedbackLimits = {
          keyMonth:
            options.feedbackLimitKeyMonth ??
            wholeNumberFromEnvironment(process.env, 'DOCSMITH_FEEDBACK_LIMIT_KEY_MONTH', 1) ??
            limits.keyMonth,
          orgHour:
            options.feedbackLimitOrgHour ??
            wholeNumberFromEnvironment(process.env, 'DOCSMITH_FEEDBACK_LIMIT_ORG_HOUR', 1) ??
            limits.orgHour,
          ipDay:
            options.feedbackLimitIpDay ??
            wholeNumberFromEnvironment(process.env, 'DOCSMITH_FEEDBACK_LIMIT_IP_DAY', 1) ??
            limits.ipDay,
        };
        port = options.port ?? portFromEnvironment('PORT') ?? 8080;
        metricsPort = options.metricsPort ?? portFromEnvironment('DOCSMITH_METRICS_PORT');
        artifactMemoryMiB =
          options.artifactMemory ?? wholeNumberFromEnvironment(process.env, 'DOCSMITH_ARTIFACT_MEMORY_MB', 1);
      } catch (error) {
        process.stderr.write(`docsmith serve: ${(error as Error).message}\n`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      const redisUrl = process.env.REDIS_URL || undefined;
      const playground = options.playground && process.env.DOCSMITH_PLAYGROUND !== '0';
      const searchToolParts = Boolean(options.searchToolParts) || process.env.DOCSMITH_SEARCH_TOOL_PARTS === '1';
      const metricsToken = process.env.DOCSMITH_METRICS_TOKEN?.trim() || undefined;
      const metricsAccess = metricsToken ? { token: metricsToken } : {};
      const metrics = createMetrics();
      const admin = Boolean(options.admin) || process.env.DOCSMITH_ADMIN === '1';
      const storeQuestionText = Boolean(options.storeQuestions) || process.env.DOCSMITH_STORE_QUESTIONS === '1';
      const app = await buildApp({
        artifactsDir: options.artifacts,
        dataDir: options.data,
        model: createModelFromEnvironment(process.env),
        redisUrl,
        ...reliability,
        ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
        ...(options.analyticsRetentionDays !== undefined
          ? { analyticsRetentionDays: options.analyticsRetentionDays }
          : {}),
        corsOrigin: process.env.DOCSMITH_CORS_ORIGIN ? process.env.DOCSMITH_CORS_ORIGIN.split(',') : undefined,
        limits: { perKeyPerMonth: limits.keyMonth, perOrgPerHour: limits.orgHour, perIpPerDay: limits.ipDay },
        feedbackLimits: {
          perKeyPerMonth: feedbackLimits.keyMonth,
          perOrgPerHour: feedbackLimits.orgHour,
          perIpPerDay: feedbackLimits.ipDay,
        },
        web: { playground },
        embeddings,
        searchToolParts,
        admin,
        storeQuestionText,
        publicDocs,
        siteHosts,
        metrics,
        artifactMemoryBytes: artifactMemoryMiB === undefined ? undefined : artifactMemoryMiB * 1024 * 1024,
        metricsRoute: metricsPort === undefined ? metricsAccess : false,
        ...(options.shutdownGrace !== undefined ? { shutdownGraceMs: options.shutdownGrace } : {}),
        assistantSettingsFile: options.assistantSettings || undefined,
      }).catch((error: unknown) => {
        if (!(error instanceof AssistantSettingsError)) throw error;
        process.stderr.write(`docsmith serve: ${error.message}\n`);
        process.exitCode = EXIT_USAGE;
        return undefined;
      });
      if (!app) return;
      const metricsApp = metricsPort === undefined ? undefined : buildMetricsApp(metrics, metricsAccess);
      const metricsHost = options.metricsHost ?? process.env.DOCSMITH_METRICS_HOST ?? options.host;
      const domains = publishedDomains(options.artifacts);
      if (domains.length === 0)
        app.log.warn(
          { artifacts: path.resolve(options.artifacts) },
          `the artifacts folder ${existsSync(options.artifacts) ? 'has no published domain' : 'does not exist (yet)'}; publish one with \`docsmith build <site> --publish\``,
        );
      else app.log.info({ domains }, `serving ${domains.length} domain(s)`);
      app.log.info(
        {
          store: redisUrl
            ? `redis ${redactRedisUrl(redisUrl)}`
            : `sqlite ${path.resolve(options.data, 'docsmith.sqlite')}`,
        },
        'threads, limits and analytics store',
      );
      app.log.info(
        {
          model: process.env.ASSISTANT_LLM_BASE_URL
            ? `${process.env.ASSISTANT_LLM_MODEL ?? 'gpt-4o-mini'} at ${process.env.ASSISTANT_LLM_BASE_URL}`
            : 'offline extractive model (set ASSISTANT_LLM_BASE_URL for an LLM)',
        },
        'answer model',
      );
      app.log.info({ limits, feedbackLimits, playground, searchToolParts }, 'limits, playground and stream options');
      app.log.info(
        {
          embeddings:
            embeddings === false ? 'off' : (embeddings?.url ?? 'the endpoint each artifact built with vectors names'),
        },
        'question embeddings',
      );
      app.log.info(
        { publicDocs, siteHosts: siteHosts.map(({ host, basePath, domain }) => `${host}${basePath}=${domain}`) },
        'MCP servers and agent files: public domains (no key) and site hosts',
      );
      const heapLimitMiB = Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024);
      app.log.info(
        {
          heapLimitMiB,
          artifactMemoryMiB: artifactMemoryMiB ?? Math.round(defaultArtifactMemoryBytes() / 1024 / 1024),
        },
        "memory: V8 heap limit (NODE_OPTIONS=--max-old-space-size) and the loaded sites' budget",
      );
      app.log.info(
        {
          metrics: metricsApp ? `its own port, ${metricsHost}:${metricsPort}` : 'the API port',
          token: Boolean(metricsToken),
        },
        'GET /metrics',
      );
      let stopping = false;
      app.log.info(
        {
          dashboard: admin ? '/admin' : 'off (serve --admin)',
          questionText: storeQuestionText ? 'kept, scrubbed' : 'terms only (serve --store-questions keeps the text)',
        },
        'insights',
      );
      const shutdown = (signal: string): void => {
        if (stopping) {
          app.log.warn({ signal }, 'second signal: exiting without waiting for the answers in flight');
          process.exit(1);
        }
        stopping = true;
        app.log.info({ signal }, 'shutting down');
        void Promise.allSettled([app.close(), metricsApp?.close()]).then(() => process.exit(0));
      };
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
      const listening =
        (await listenOrReport(app, options.host, port, '--port or set PORT')) &&
        (!metricsApp ||
          (await listenOrReport(
            metricsApp,
            metricsHost,
            metricsPort as number,
            '--metrics-port or set DOCSMITH_METRICS_PORT',
          )));
      if (!listening) {
        await Promise.allSettled([app.close(), metricsApp?.close()]);
        process.exitCode = 1;
        return;
      }
      if (metricsApp) app.log.info(`Metrics listening at ${metricsApp.listeningOrigin}`);
      await new Promise<void>((resolve) => app.server.once('close', resolve));
    });
}

/** Reads DOCSMITH_SITE_HOSTS (`docs.acme.com=acme,docs.beta.dev=beta`). */
function siteHostsFromEnvironment(environment: NodeJS.ProcessEnv): SiteHost[] {
  return splitList(environment.DOCSMITH_SITE_HOSTS ?? '').map((value) => {
    try {
      return parseSiteHost(value);
    } catch (error) {
      throw new EnvironmentSettingError(`DOCSMITH_SITE_HOSTS: ${(error as Error).message}`);
    }
  });
}

/** Listens, or writes why it cannot ("the port is in use; pass <hint>") and resolves to false. */
async function listenOrReport(server: FastifyInstance, host: string, port: number, hint: string): Promise<boolean> {
  try {
    await server.listen({ port, host });
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      `docsmith serve: cannot listen on ${host}:${port} (${code === 'EADDRINUSE' ? `the port is in use; pass ${hint}` : (code ?? (error as Error).message)})\n`,
    );
    return false;
  }
}

/** Refuses an ASSISTANT_LLM_BASE_URL that is not an http(s) URL at start, rather than failing every answer after its sources. */
function checkAnswerModelUrl(environment: NodeJS.ProcessEnv): void {
  const url = environment.ASSISTANT_LLM_BASE_URL;
  if (!url) return;
  try {
    parseHttpUrl(url);
  } catch (error) {
    throw new EnvironmentSettingError(`Unexpected ASSISTANT_LLM_BASE_URL=${url}, ${(error as Error).message}`);
  }
}

/** The question embedder's settings: off with --no-embeddings, else the URL override (flag, then DOCSMITH_EMBEDDINGS_URL), key, timeout and fusion weight from the environment. */
function embeddingsFromEnvironment(
  options: ServeCommandOptions,
  environment: NodeJS.ProcessEnv,
): NonNullable<AppOptions['embeddings']> {
  if (!options.embeddings) return false;
  const url = options.embeddingsUrl ?? (environment.DOCSMITH_EMBEDDINGS_URL?.trim() || undefined);
  if (url !== undefined && options.embeddingsUrl === undefined) {
    try {
      parseHttpUrl(url);
    } catch (error) {
      throw new EnvironmentSettingError(`Unexpected DOCSMITH_EMBEDDINGS_URL=${url}, ${(error as Error).message}`);
    }
  }
  const timeoutMs = wholeNumberFromEnvironment(environment, 'DOCSMITH_EMBEDDINGS_TIMEOUT_MS', 1);
  const weight = environment.DOCSMITH_EMBEDDINGS_WEIGHT?.trim();
  if (weight && !/^\d+(\.\d+)?$/.test(weight))
    throw new EnvironmentSettingError(`Unexpected DOCSMITH_EMBEDDINGS_WEIGHT=${weight}, expected a number ≥ 0`);
  const apiKey = environment.DOCSMITH_EMBEDDINGS_API_KEY;
  return {
    url: url || undefined,
    apiKey,
    timeoutMs,
    weight: weight ? Number(weight) : undefined,
  };
}

/** Domains with a published build (`<artifacts>/<domain>/current`). */
function publishedDomains(artifactsDir: string): string[] {
  try {
    return readdirSync(artifactsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(path.join(artifactsDir, entry.name)).includes('current'))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** A Redis URL without its password, for the log. */
function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis (unparsable URL)';
  }
}

function limitFromEnvironment(name: string): number {
  return wholeNumberFromEnvironment(process.env, name, 1) ?? SPEC_LIMIT;
}

/** The port an environment variable names (PORT, DOCSMITH_METRICS_PORT), undefined when unset. */
function portFromEnvironment(name: string): number | undefined {
  const port = wholeNumberFromEnvironment(process.env, name);
  if (port !== undefined && port > 65_535)
    throw new EnvironmentSettingError(`Unexpected ${name}=${port}, expected a port number (0 to 65535)`);
  return port;
}

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { buildApp, type AppOptions } from '../../runtime/http/build-app.ts';
import { parseTrustProxy, type TrustProxy } from '../../runtime/http/client-address.ts';
import { reliabilityFromEnvironment } from '../../runtime/http/reliability-from-environment.ts';
import { EXIT_USAGE } from '../exit-codes.ts';
import { parseHttpUrl } from '../parse-http-url.ts';

interface ServeCommandOptions {
  artifacts: string;
  data: string;
  port: number;
  host: string;
  trustProxy?: TrustProxy;
  playground: boolean;
  limitKeyMonth?: number;
  limitOrgHour?: number;
  limitIpDay?: number;
  embeddings: boolean;
  embeddingsUrl?: string;
}

/** The spec's limits (assistant-api.md): 10,000 uses per key per month, per organization per hour, per IP per day. */
const SPEC_LIMIT = 10_000;

/** `docsmith serve`: serves the assistant API for every domain published under the artifacts folder. */
export function serveCommand(): Command {
  return new Command('serve')
    .description('Serve the assistant API for the published builds of an artifacts folder')
    .option('--artifacts <dir>', 'published builds, one folder per domain (env DOCSMITH_ARTIFACTS)', process.env.DOCSMITH_ARTIFACTS ?? 'dist')
    .option('--data <dir>', 'keys file and SQLite database (env DOCSMITH_DATA)', process.env.DOCSMITH_DATA ?? '.data')
    .option('--port <port>', 'port to listen on (env PORT)', parsePort, parsePort(process.env.PORT ?? '8080'))
    .option('--host <host>', 'address to listen on (env HOST)', process.env.HOST ?? '127.0.0.1')
    .option('--trust-proxy <hops|addresses>', 'take the client IP from X-Forwarded-For set by these proxies: a hop count or addresses/CIDRs, comma-separated (env TRUST_PROXY)', parseTrustProxyOption)
    .option('--limit-key-month <n>', 'uses per API key per calendar month (env DOCSMITH_LIMIT_KEY_MONTH, default 10000 as the spec)', parseLimit)
    .option('--limit-org-hour <n>', 'requests per organization per clock hour (env DOCSMITH_LIMIT_ORG_HOUR, default 10000)', parseLimit)
    .option('--limit-ip-day <n>', 'requests per client IP per calendar day (env DOCSMITH_LIMIT_IP_DAY, default 10000)', parseLimit)
    .option('--embeddings-url <url>', 'embeddings endpoint for questions on sites built with --embeddings-url, instead of the one their artifact names (env DOCSMITH_EMBEDDINGS_URL; key in DOCSMITH_EMBEDDINGS_API_KEY)', parseHttpUrl)
    .option('--no-embeddings', 'lexical retrieval only, even for sites built with vectors')
    .option('--no-playground', 'do not serve GET /playground, e.g. in production (env DOCSMITH_PLAYGROUND=0); /widget.js stays')
    .addHelpText('after', '\nExample:\n  $ docsmith serve --artifacts dist --data .data --port 8080 --no-playground --limit-org-hour 5000')
    .action(async (options: ServeCommandOptions) => {
      let limits: { keyMonth: number; orgHour: number; ipDay: number };
      let reliability: ReturnType<typeof reliabilityFromEnvironment>;
      let embeddings: AppOptions['embeddings'];
      try {
        reliability = reliabilityFromEnvironment(process.env);
        embeddings = embeddingsFromEnvironment(options, process.env);
        limits = {
          keyMonth: options.limitKeyMonth ?? limitFromEnvironment('DOCSMITH_LIMIT_KEY_MONTH'),
          orgHour: options.limitOrgHour ?? limitFromEnvironment('DOCSMITH_LIMIT_ORG_HOUR'),
          ipDay: options.limitIpDay ?? limitFromEnvironment('DOCSMITH_LIMIT_IP_DAY'),
        };
      } catch (error) {
        process.stderr.write(`docsmith serve: ${(error as Error).message}\n`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      const redisUrl = process.env.REDIS_URL;
      const playground = options.playground && process.env.DOCSMITH_PLAYGROUND !== '0';
      const app = await buildApp({
        artifactsDir: options.artifacts,
        dataDir: options.data,
        ...(redisUrl ? { redisUrl } : {}),
        ...reliability,
        ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
        ...(process.env.DOCSMITH_CORS_ORIGIN ? { corsOrigin: process.env.DOCSMITH_CORS_ORIGIN.split(',') } : {}),
        limits: { perKeyPerMonth: limits.keyMonth, perOrgPerHour: limits.orgHour, perIpPerDay: limits.ipDay },
        web: { playground },
        embeddings,
      });
      const domains = publishedDomains(options.artifacts);
      if (domains.length === 0) app.log.warn({ artifacts: path.resolve(options.artifacts) }, 'the artifacts folder has no published domain; publish one with `docsmith build <site> --publish`');
      else app.log.info({ domains }, `serving ${domains.length} domain(s)`);
      app.log.info({ store: redisUrl ? `redis ${redactRedisUrl(redisUrl)}` : `sqlite ${path.resolve(options.data, 'docsmith.sqlite')}` }, 'threads, limits and analytics store');
      app.log.info({ model: process.env.ASSISTANT_LLM_BASE_URL ? `${process.env.ASSISTANT_LLM_MODEL ?? 'gpt-4o-mini'} at ${process.env.ASSISTANT_LLM_BASE_URL}` : 'offline extractive model (set ASSISTANT_LLM_BASE_URL for an LLM)' }, 'answer model');
      app.log.info({ limits, playground }, 'limits and playground');
      app.log.info({ embeddings: embeddings === false ? 'off' : (embeddings?.url ?? 'the endpoint each artifact built with vectors names') }, 'question embeddings');
      const shutdown = (signal: string): void => {
        app.log.info({ signal }, 'shutting down');
        void app.close().then(() => process.exit(0));
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
      try {
        await app.listen({ port: options.port, host: options.host });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        process.stderr.write(`docsmith serve: cannot listen on ${options.host}:${options.port} (${code === 'EADDRINUSE' ? 'the port is in use; pass --port or set PORT' : (code ?? (error as Error).message)})\n`);
        await app.close();
        process.exitCode = 1;
        return;
      }
      await new Promise<void>((resolve) => app.server.once('close', resolve));
    });
}

/** The question embedder's settings: off with --no-embeddings, else the URL override (flag, then DOCSMITH_EMBEDDINGS_URL), key, timeout and fusion weight from the environment. */
function embeddingsFromEnvironment(options: ServeCommandOptions, environment: NodeJS.ProcessEnv): AppOptions['embeddings'] {
  if (!options.embeddings) return false;
  const url = options.embeddingsUrl ?? (environment.DOCSMITH_EMBEDDINGS_URL?.trim() || undefined);
  if (url !== undefined && options.embeddingsUrl === undefined) {
    try {
      parseHttpUrl(url);
    } catch (error) {
      throw new Error(`DOCSMITH_EMBEDDINGS_URL: unexpected "${url}", ${(error as Error).message}`);
    }
  }
  const timeout = environment.DOCSMITH_EMBEDDINGS_TIMEOUT_MS?.trim();
  if (timeout && !(/^\d+$/.test(timeout) && Number(timeout) > 0)) throw new Error(`DOCSMITH_EMBEDDINGS_TIMEOUT_MS: unexpected "${timeout}", expected a positive number`);
  const weight = environment.DOCSMITH_EMBEDDINGS_WEIGHT?.trim();
  if (weight && !/^\d+(\.\d+)?$/.test(weight)) throw new Error(`DOCSMITH_EMBEDDINGS_WEIGHT: unexpected "${weight}", expected a number of at least 0`);
  const apiKey = environment.DOCSMITH_EMBEDDINGS_API_KEY;
  return { ...(url ? { url } : {}), ...(apiKey ? { apiKey } : {}), ...(timeout ? { timeoutMs: Number(timeout) } : {}), ...(weight ? { weight: Number(weight) } : {}) };
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

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return limit;
}

function limitFromEnvironment(name: string): number {
  const value = process.env[name];
  if (value === undefined || value === '') return SPEC_LIMIT;
  try {
    return parseLimit(value);
  } catch {
    throw new Error(`${name}=${value}: expected a whole number of at least 1`);
  }
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new InvalidArgumentError('expected a port number');
  return port;
}

function parseTrustProxyOption(value: string): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

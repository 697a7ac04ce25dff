import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { defaultArtifactMemoryBytes } from '../../../runtime/artifacts/create-artifact-store.ts';
import type { ServeSettings } from './serve-settings-from-environment.ts';

/** What `docsmith serve` logs as it starts, beside its checked settings. */
export interface ServeStart {
  artifactsDir: string;
  dataDir: string;
  redisUrl: string | undefined;
  playground: boolean;
  searchToolParts: boolean;
  /** Where GET /metrics listens apart from the API port (undefined: on the API port). */
  metricsAddress: { host: string; port: number } | undefined;
  metricsToken: boolean;
  admin: boolean;
  storeQuestionText: boolean;
}

/** Logs what `docsmith serve` serves and how: domains, store, answer model, limits, embeddings, public docs, memory, metrics, insights. */
export function logServeStart(
  app: FastifyInstance,
  settings: ServeSettings,
  start: ServeStart,
  environment: NodeJS.ProcessEnv,
): void {
  const { limits, feedbackLimits, embeddings, publicDocs, siteHosts, artifactMemoryMiB } = settings;
  const { redisUrl, playground, searchToolParts, metricsAddress, admin, storeQuestionText } = start;
  const domains = publishedDomains(start.artifactsDir);
  if (domains.length === 0)
    app.log.warn(
      { artifacts: path.resolve(start.artifactsDir) },
      `the artifacts folder ${existsSync(start.artifactsDir) ? 'has no published domain' : 'does not exist (yet)'}; publish one with \`docsmith build <site> --publish\``,
    );
  else app.log.info({ domains }, `serving ${domains.length} domain(s)`);
  app.log.info(
    {
      store: redisUrl
        ? `redis ${redactRedisUrl(redisUrl)}`
        : `sqlite ${path.resolve(start.dataDir, 'docsmith.sqlite')}`,
    },
    'threads, limits and analytics store',
  );
  app.log.info(
    {
      model: environment.ASSISTANT_LLM_BASE_URL
        ? `${environment.ASSISTANT_LLM_MODEL ?? 'gpt-4o-mini'} at ${environment.ASSISTANT_LLM_BASE_URL}`
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
      metrics: metricsAddress ? `its own port, ${metricsAddress.host}:${metricsAddress.port}` : 'the API port',
      token: start.metricsToken,
    },
    'GET /metrics',
  );
  app.log.info(
    {
      dashboard: admin ? '/admin' : 'off (serve --admin)',
      questionText: storeQuestionText ? 'kept, scrubbed' : 'terms only (serve --store-questions keeps the text)',
    },
    'insights',
  );
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

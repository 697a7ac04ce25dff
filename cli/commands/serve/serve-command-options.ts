import type { Command } from 'commander';
import type { TrustProxy } from '../../../runtime/http/client-address.ts';
import type { SiteHost } from '../../../runtime/http/site-hosts.ts';
import { parseHttpUrl } from '../../parse-http-url.ts';
import { collectList } from '../../options/collect-list.ts';
import { collectSiteHost } from '../../options/collect-site-host.ts';
import { parsePort } from '../../options/parse-port.ts';
import { parseTrustProxyOption } from '../../options/parse-trust-proxy-option.ts';
import { wholeNumberOption } from '../../options/whole-number-option.ts';

/** The flags of `docsmith serve`, as commander parses them. */
export interface ServeCommandOptions {
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

/** Declares the flags of `docsmith serve` on its command; defaults named by an environment variable are read now. */
export function declareServeCommandOptions(command: Command): Command {
  return command
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
    .option('--no-embeddings', 'lexical retrieval only: no embeddings endpoint, no built-in word vectors')
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
    );
}

import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyInstance } from 'fastify';
import type { ArtifactStore } from '../artifacts/create-artifact-store.ts';
import type { QueryEmbedderOptions } from '../search/index.ts';
import type { TrustProxy } from './client-address.ts';
import type { Metrics } from './metrics.ts';
import type { StoresOptions } from './open-stores.ts';
import type { MetricsAccess } from './register-metrics-route.ts';
import type { WebRoutesOptions } from './register-web-routes.ts';
import type { ServerTimeouts } from './server-options.ts';
import type { SiteHost } from './site-hosts.ts';

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
   * fusion (default `{}`: DEFAULT_VECTOR_WEIGHT); false: lexical retrieval only, without the built-in word vectors either.
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

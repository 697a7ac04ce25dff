import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { AnalyticsStore } from '../analytics/analytics-store.ts';
import type { ArtifactStore } from '../artifacts/create-artifact-store.ts';
import type { KeyStore } from '../auth/key-store.ts';
import type { Limiter } from '../limits/create-limiter.ts';
import type { HybridRetrieval } from '../search/index.ts';
import type { ThreadStore } from '../threads/thread-store.ts';
import type { EventLoopTurns } from './event-loop-turns.ts';
import type { InFlightAnswers } from './in-flight-answers.ts';
import type { Metrics } from './metrics.ts';

/** The stores and services the routes share. */
export interface RouteContext {
  artifacts: ArtifactStore;
  /** The file key store, or the Redis one shared by replicas; routes verify keys and sign and verify page links. */
  keys: Pick<KeyStore, 'verify' | 'signPage' | 'verifyPage'>;
  /** The message and search budget (the spec's three limits). */
  limiter: Limiter;
  /** The feedback budget: counters of their own, so rating an answer never spends the answers' quota. */
  feedbackLimiter: Limiter;
  threads: ThreadStore;
  analytics: AnalyticsStore;
  metrics: Metrics;
  model: LanguageModelV3;
  /** Milliseconds an answer may take before its stream ends with a timeout error (default 60000). */
  modelTimeoutMs?: number | undefined;
  /** Embeds questions for sites built with section vectors, and the vector ranking's weight (undefined: lexical retrieval only). */
  hybrid?: HybridRetrieval | undefined;
  /** Data stream answers also carry their sources as a `search` tool invocation (default false). */
  searchToolParts?: boolean | undefined;
  /** Whether a domain's documentation (MCP server, agent files) is public: readable without a key (default: none is). */
  isPublicDocs?: ((domain: string) => boolean) | undefined;
  /** Turns of the event loop for CPU-heavy work (retrieval, answer composition): one slice per loop iteration, so health stays responsive. */
  turns: EventLoopTurns;
  /** The answers streaming now: those still running when the shutdown grace period ends are aborted (ServerShutdownError). */
  answersInFlight: InFlightAnswers;
  /** Requests from this machine need no key (`docsmith dev`; default false). */
  keylessLoopback?: boolean | undefined;
}

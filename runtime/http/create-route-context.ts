import { createExtractiveModel } from '../assistant/extractive-model.ts';
import type { ArtifactStore } from '../artifacts/create-artifact-store.ts';
import { createQueryEmbedder } from '../search/index.ts';
import type { AppOptions } from './app-options.ts';
import { EventLoopTurns } from './event-loop-turns.ts';
import { InFlightAnswers } from './in-flight-answers.ts';
import { createMetrics } from './metrics.ts';
import { modelTakingTurns } from './model-taking-turns.ts';
import type { RuntimeStores } from './open-stores.ts';
import type { RouteContext } from './route-context.ts';

/** The stores and services the routes share, from the app's options, its opened stores and its published builds. */
export function createRouteContext(
  options: AppOptions,
  stores: Omit<RuntimeStores, 'close'>,
  artifacts: ArtifactStore,
): RouteContext {
  const hybrid =
    options.embeddings === false
      ? { wordVectors: false }
      : {
          embedQuery: createQueryEmbedder(options.embeddings),
          ...(options.embeddings?.weight === undefined ? {} : { vectorWeight: options.embeddings.weight }),
        };
  const answersInFlight = new InFlightAnswers();
  const turns = new EventLoopTurns();
  return {
    answersInFlight,
    turns,
    artifacts,
    keys: stores.keys,
    limiter: stores.limiter,
    feedbackLimiter: stores.feedbackLimiter,
    threads: stores.threads,
    analytics: stores.analytics,
    metrics: options.metrics ?? createMetrics(),
    model: modelTakingTurns(options.model ?? createExtractiveModel(), turns),
    modelTimeoutMs: options.modelTimeoutMs,
    hybrid,
    searchToolParts: options.searchToolParts,
    isPublicDocs: options.publicDocs?.length ? publicDocsPredicate(options.publicDocs) : undefined,
    keylessLoopback: options.keylessLoopback,
  };
}

/** Whether a domain is among the public ones (`*`: all of them). */
function publicDocsPredicate(domains: readonly string[]): (domain: string) => boolean {
  const named = new Set(domains);
  return (domain) => named.has('*') || named.has(domain);
}

import { embedMany } from 'ai';
import { createEmbeddingModel } from '../runtime/search/create-embedding-model.ts';
import type { SectionEmbedder } from '../pipeline/embeddings/section-embedder.ts';

/** Requests in flight at once: enough to keep a remote endpoint busy, few enough not to trip its rate limit at once. */
const PARALLEL_REQUESTS = 4;

/** Options of `createSectionEmbedder`. */
export interface SectionEmbedderOptions {
  url: string;
  model: string;
  apiKey?: string;
  /** Sent as the request's `dimensions` and required of every vector (default: the model's own length). */
  dimensions?: number;
  /** Retries of a request refused with 408/409/429/5xx or cut by the network, after 2 s, 4 s, 8 s… or the server's Retry-After (default 3). */
  maxRetries?: number;
}

/**
 * The build's embeddings client (`docsmith build --embeddings-url`): the AI SDK's `embedMany` on an OpenAI-compatible
 * endpoint, 64 texts per request, 4 requests at a time, retried on 429/5xx with backoff.
 */
export function createSectionEmbedder(options: SectionEmbedderOptions): SectionEmbedder {
  const model = createEmbeddingModel({
    url: options.url,
    model: options.model,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  return {
    model: options.model,
    url: options.url,
    ...(options.dimensions ? { dimensions: options.dimensions } : {}),
    async embed(texts) {
      const { embeddings } = await embedMany({
        model,
        values: texts,
        maxParallelCalls: PARALLEL_REQUESTS,
        maxRetries: options.maxRetries ?? 3,
        ...(options.dimensions ? { providerOptions: { openaiCompatible: { dimensions: options.dimensions } } } : {}),
      });
      return embeddings;
    },
  };
}

import { embed } from 'ai';
import { LRUCache } from 'lru-cache';
import { createEmbeddingModel } from './create-embedding-model.ts';
import type { SearchEmbeddings } from '../../contract/search/search-artifact.ts';
import type { QueryEmbedder } from './hybrid-search.ts';

/** Options of `createQueryEmbedder`. */
export interface QueryEmbedderOptions {
  /** Endpoint used for every site, instead of the URL recorded in its artifact (default: the artifact's). */
  url?: string | undefined;
  /** Sent as `Authorization: Bearer …` (default: none). */
  apiKey?: string | undefined;
  /** Milliseconds a question's embedding may take before the search goes on without it (default 2000). */
  timeoutMs?: number | undefined;
  /** Embedded questions remembered, per endpoint and model (default 1000). */
  cacheSize?: number;
}

/**
 * The runtime's question embedder: `embed` of the AI SDK on the site's model, at the artifact's endpoint (or the
 * `url` override), one attempt bounded by `timeoutMs`, the vectors of recent questions kept in an LRU cache.
 */
export function createQueryEmbedder(options: QueryEmbedderOptions = {}): QueryEmbedder {
  const cache = new LRUCache<string, Float32Array>({ max: options.cacheSize ?? 1000 });
  const models = new Map<string, ReturnType<typeof createEmbeddingModel>>();
  return async (text: string, embeddings: SearchEmbeddings) => {
    const url = options.url ?? embeddings.url;
    const key = `${url}\u0000${embeddings.model}\u0000${text}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const modelKey = `${url}\u0000${embeddings.model}`;
    let model = models.get(modelKey);
    if (!model)
      models.set(
        modelKey,
        (model = createEmbeddingModel({
          url,
          model: embeddings.model,
          ...(options.apiKey ? { apiKey: options.apiKey } : {}),
        })),
      );
    const { embedding } = await embed({
      model,
      value: text,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(options.timeoutMs ?? 2000),
    });
    const vector = Float32Array.from(embedding);
    cache.set(key, vector);
    return vector;
  };
}

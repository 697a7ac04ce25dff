import { OpenAICompatibleEmbeddingModel } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';

/** An OpenAI-compatible embeddings endpoint and the model to ask it for. */
export interface EmbeddingEndpoint {
  /** Base URL (`http://127.0.0.1:8000/v1`); a URL ending in `/embeddings` is accepted too. */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer …` (default: no header). */
  apiKey?: string;
  /** Texts per request (default 64: a few hundred KB of JSON, within every common server's body limit). */
  batchSize?: number;
}

/** `POST <base>/embeddings`: the path the AI SDK appends, so the base is the URL without it. */
function embeddingsBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/embeddings$/, '');
}

/**
 * The AI SDK embedding model for an endpoint (`@ai-sdk/openai-compatible`), used by `embedMany` at build time (the
 * CLI's section embedder) and `embed` at query time, so that sections and questions are embedded by the same client.
 */
export function createEmbeddingModel(endpoint: EmbeddingEndpoint): EmbeddingModelV3 {
  const base = embeddingsBaseUrl(endpoint.url);
  return new OpenAICompatibleEmbeddingModel(endpoint.model, {
    provider: 'docsmith-embeddings.embedding',
    url: ({ path }) => `${base}${path}`,
    headers: () => (endpoint.apiKey ? { Authorization: `Bearer ${endpoint.apiKey}` } : {}),
    maxEmbeddingsPerCall: endpoint.batchSize ?? 64,
  });
}

/** What a build embeds section texts with; the CLI passes an OpenAI-compatible endpoint client (`--embeddings-url`). */
export interface SectionEmbedder {
  /** Model name, recorded in the artifact so the runtime embeds questions with the same one. */
  model: string;
  /** The endpoint's base URL, recorded in the artifact (credentials and query are dropped). */
  url: string;
  /** Vector length the endpoint must return (default: whatever the first vector has, the same for all). */
  dimensions?: number;
  /** Embeds texts, one vector per text in the same order; may batch, retry and run requests in parallel. */
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
}

/** The embeddings endpoint answered something a build cannot use: a missing vector, a wrong length, a non-number. */
export class EmbeddingsError extends Error {
  override name = 'EmbeddingsError';
}

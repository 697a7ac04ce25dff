import { hash } from 'node:crypto';
import { decodeVector, encodeVector } from '../../contract/search/int8-vector-encoding.ts';
import type { PageCacheStorage } from '../site-model/page-cache-storage.ts';
import { EmbeddingsError, type SectionEmbedder } from './section-embedder.ts';

/** A `SectionEmbedder` that remembers vectors between builds; `save` writes what this build used. */
export interface CachedSectionEmbedder extends SectionEmbedder {
  /** Writes the cache atomically, keeping only the vectors this build used. */
  save(): Promise<void>;
  /** Texts whose vector came from the cache / from the endpoint. */
  readonly hits: number;
  readonly misses: number;
}

/**
 * Wraps an embedder with a cache of vectors by text (sha1), kept as one text in `storage` next to the page cache:
 * a rebuild sends only the sections whose text changed. Vectors are kept `int8-base64`, as the artifact stores
 * them, so a build from the cache writes the same bytes as one from the endpoint. Entries of another model,
 * endpoint or dimensions, and an unreadable cache, are ignored.
 */
export async function cachedSectionEmbedder(
  embedder: SectionEmbedder,
  storage: PageCacheStorage,
): Promise<CachedSectionEmbedder> {
  const version = JSON.stringify([embedder.model, embedder.url, embedder.dimensions ?? null]);
  let stored: Record<string, string> = {};
  try {
    const data = JSON.parse((await storage.read()) ?? '{}') as { version?: string; vectors?: Record<string, string> };
    if (data.version === version && data.vectors) stored = data.vectors;
  } catch {
    stored = {};
  }
  const kept: Record<string, string> = {};
  let hits = 0;
  let misses = 0;
  return {
    ...embedder,
    async embed(texts) {
      const keys = texts.map((text) => hash('sha1', text, 'base64'));
      const missing = texts.filter((_, index) => stored[keys[index] as string] === undefined);
      const fresh = missing.length > 0 ? await embedder.embed(missing) : [];
      if (fresh.length !== missing.length)
        throw new EmbeddingsError(`the endpoint returned ${fresh.length} vectors for ${missing.length} texts`);
      let next = 0;
      return keys.map((key) => {
        const cached = stored[key];
        if (cached !== undefined) {
          hits += 1;
          kept[key] = cached;
          const bytes = Buffer.from(cached, 'base64');
          const vector = new Int8Array(bytes.length);
          decodeVector(cached, vector, 0, bytes.length);
          return vector;
        }
        misses += 1;
        const vector = fresh[next++] as ArrayLike<number>;
        kept[key] = encodeVector(vector);
        return vector;
      });
    },
    async save() {
      await storage.write(JSON.stringify({ version, vectors: kept }));
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

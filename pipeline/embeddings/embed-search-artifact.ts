import { encodeVector } from '../../contract/search/int8-vector-encoding.ts';
import type { SearchArtifact, SectionVector } from '../../contract/search/search-artifact.ts';
import { EmbeddingsError, type SectionEmbedder } from './section-embedder.ts';
import { sectionEmbeddingText } from './section-embedding-text.ts';

/**
 * Adds section vectors to a search artifact, one per section body: each distinct embedded text
 * (`sectionEmbeddingText`) is embedded once — the artifact already stores a section body once however many contents
 * repeat it, and a body embedded like an earlier one points at it — then stored `int8-base64` with the model, endpoint and dimensions.
 * Rejects with an EmbeddingsError when the endpoint returns too few vectors, vectors of differing or unexpected
 * length, or non-finite values; the embedder's own errors (endpoint down, 4xx) pass through.
 */
export async function embedSearchArtifact(
  artifact: SearchArtifact,
  embedder: SectionEmbedder,
): Promise<SearchArtifact> {
  const firstBodyOfText = new Map<string, number>();
  const texts: string[] = [];
  const references = artifact.bodies.map((body, index): number | undefined => {
    const text = sectionEmbeddingText(body);
    const first = firstBodyOfText.get(text);
    if (first !== undefined) return first;
    firstBodyOfText.set(text, index);
    texts.push(text);
    return undefined;
  });
  const embedded = texts.length > 0 ? await embedder.embed(texts) : [];
  if (embedded.length !== texts.length)
    throw new EmbeddingsError(`the endpoint returned ${embedded.length} vectors for ${texts.length} texts`);
  const dimensions = embedder.dimensions ?? embedded[0]?.length ?? 0;
  if (texts.length > 0 && dimensions < 1) throw new EmbeddingsError('the endpoint returned empty vectors');
  embedded.forEach((vector, position) => {
    if (vector.length !== dimensions) {
      throw new EmbeddingsError(
        `unexpected ${vector.length}-dimensional vector for text ${position + 1}, expected ${dimensions} dimensions${embedder.dimensions ? ' (--embeddings-dimensions)' : ' like the first'}`,
      );
    }
    for (let component = 0; component < vector.length; component += 1) {
      if (!Number.isFinite(vector[component]))
        throw new EmbeddingsError(`vector ${position + 1} holds a non-number at component ${component}`);
    }
  });
  let next = 0;
  const vectors = references.map(
    (reference): SectionVector => reference ?? encodeVector(embedded[next++] as ArrayLike<number>),
  );
  return {
    ...artifact,
    embeddings: { model: embedder.model, url: publicUrl(embedder.url), dimensions, encoding: 'int8-base64' },
    vectors,
  };
}

/** The endpoint URL as recorded in the artifact: no user, password, query or fragment. */
function publicUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
  } catch {
    return url;
  }
}

import { decodeVector } from '../../contract/search/int8-vector-encoding.ts';
import { SearchArtifactError, type SearchEmbeddings } from '../../contract/search/search-artifact.ts';

/** The section vectors of a search artifact, decoded: one row per section body, `rowOfSection` naming each section's. */
export interface SectionVectors {
  /** The model, endpoint and dimensions the vectors were made with; questions must be embedded the same way. */
  embeddings: SearchEmbeddings;
  /** `dimensions` signed bytes per row, in the artifact's order. */
  values: Int8Array;
  /** The Euclidean length of each row's vector (0 for an all-zero one). */
  norms: Float32Array;
  /** `rowOfSection[n]`: the row (section body) of engine document `n`. */
  rowOfSection: Uint32Array;
}

/** Vectors decoded between two yields of `readSectionVectors` (~1 ms of work). */
const VECTORS_PER_SLICE = 1000;

/**
 * Decodes the optional `embeddings` + `vectors` of a parsed search artifact (a generator yielding between slices),
 * undefined when it has none: `rowCount` vectors, one per section body (`rowOfSection` maps sections to them). Throws a SearchArtifactError when they are malformed: an unknown encoding, not one vector per
 * row, a vector of the wrong length, or a reference to a later row.
 */
export function* readSectionVectors(
  candidate: { embeddings?: unknown; vectors?: unknown },
  rowCount: number,
  rowOfSection: Uint32Array,
): Generator<void, SectionVectors | undefined> {
  if (candidate.embeddings === undefined && candidate.vectors === undefined) return undefined;
  const embeddings = candidate.embeddings as Partial<SearchEmbeddings> | undefined;
  const { vectors } = candidate;
  if (
    !embeddings ||
    embeddings.encoding !== 'int8-base64' ||
    typeof embeddings.model !== 'string' ||
    typeof embeddings.url !== 'string' ||
    !Number.isInteger(embeddings.dimensions) ||
    (embeddings.dimensions as number) < 1
  ) {
    throw new SearchArtifactError(
      'search artifact has vectors without a usable `embeddings` description (model, url, dimensions, encoding int8-base64)',
    );
  }
  if (!Array.isArray(vectors) || vectors.length !== rowCount)
    throw new SearchArtifactError('search artifact has not one vector per section body');
  const dimensions = embeddings.dimensions as number;
  const values = new Int8Array(rowCount * dimensions);
  const norms = new Float32Array(rowCount);
  for (const [index, vector] of vectors.entries()) {
    if (typeof vector === 'number' && Number.isInteger(vector) && vector >= 0 && vector < index) {
      values.copyWithin(index * dimensions, vector * dimensions, (vector + 1) * dimensions);
      norms[index] = norms[vector] as number;
    } else if (typeof vector === 'string' && decodeVector(vector, values, index * dimensions, dimensions)) {
      let sum = 0;
      for (let offset = index * dimensions, end = offset + dimensions; offset < end; offset += 1)
        sum += (values[offset] as number) ** 2;
      norms[index] = Math.sqrt(sum);
    } else {
      throw new SearchArtifactError(`search artifact holds a malformed vector for section body ${index}`);
    }
    if ((index + 1) % VECTORS_PER_SLICE === 0) yield;
  }
  return { embeddings: embeddings as SearchEmbeddings, values, norms, rowOfSection };
}

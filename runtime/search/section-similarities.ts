import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { SectionVectors } from './read-section-vectors.ts';

/** Multiply-adds between two yields to the event loop (~0.5 ms on one core). */
const WORK_PER_SLICE = 500_000;

/**
 * The cosine similarity of a question's vector to every section's vector (brute force: a few thousand vectors of a
 * few hundred dimensions take milliseconds; a body repeated by several sections is compared once), computed in
 * slices that give the event loop back, so a large site's scan never stalls other requests. `query` must have the
 * vectors' dimensions. Indexed by engine document (section).
 */
export async function sectionSimilarities(vectors: SectionVectors, query: ArrayLike<number>): Promise<Float32Array> {
  const { dimensions } = vectors.embeddings;
  const unit = Float32Array.from(query);
  let squares = 0;
  for (const component of unit) squares += component * component;
  const length = Math.sqrt(squares);
  if (length > 0)
    for (let component = 0; component < dimensions; component += 1)
      unit[component] = (unit[component] as number) / length;
  const count = vectors.norms.length;
  const similarities = new Float32Array(count);
  const perSlice = Math.max(1, Math.floor(WORK_PER_SLICE / dimensions));
  for (let start = 0; start < count; start += perSlice) {
    if (start > 0) await yieldToEvents();
    for (let row = start, end = Math.min(count, start + perSlice); row < end; row += 1) {
      const norm = vectors.norms[row] as number;
      if (norm === 0) continue;
      let dot = 0;
      for (let component = 0, offset = row * dimensions; component < dimensions; component += 1, offset += 1)
        dot += (vectors.values[offset] as number) * (unit[component] as number);
      similarities[row] = dot / norm;
    }
  }
  return Float32Array.from(vectors.rowOfSection, (row) => similarities[row] as number);
}

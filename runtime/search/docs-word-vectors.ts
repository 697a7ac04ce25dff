import table from './docs-word-vectors.json' with { type: 'json' };
import { isEnglish, prepareText } from '../../contract/search/prepare-text.ts';

/** SIF's smoothing constant (Arora et al. 2017): a term of relative frequency p weighs a / (a + p). */
const SIF_SMOOTHING = 1e-3;

/** The decoded table: each term's row, its unit vector and its SIF weight. */
interface WordVectors {
  rowOfTerm: Map<string, number>;
  values: Float32Array;
  weights: Float32Array;
}

let decoded: WordVectors | undefined;

/**
 * A text's vector in the built-in word vectors: the SIF-weighted sum of its search terms' vectors (each as often as
 * it occurs), scaled to length 1, so that the dot product of two is their cosine similarity. Undefined when the text
 * is not English (the vectors are English search terms) or holds no term they know.
 */
export function wordVectorOf(text: string, language: string | undefined): Float32Array | undefined {
  if (!isEnglish(language)) return undefined;
  const { rowOfTerm, values, weights } = (decoded ??= decodeTable());
  const occurrences = new Map<number, number>();
  for (const term of prepareText(text, language)) {
    const row = rowOfTerm.get(term);
    if (row !== undefined) occurrences.set(row, (occurrences.get(row) ?? 0) + 1);
  }
  if (occurrences.size === 0) return undefined;
  const dimensions = table.dimensions;
  const sum = new Float32Array(dimensions);
  for (const [row, count] of occurrences) {
    const weight = (weights[row] as number) * count;
    for (let component = 0, offset = row * dimensions; component < dimensions; component += 1, offset += 1)
      sum[component] = (sum[component] as number) + weight * (values[offset] as number);
  }
  const length = Math.hypot(...sum);
  if (length === 0) return undefined;
  for (let component = 0; component < dimensions; component += 1) sum[component] = (sum[component] as number) / length;
  return sum;
}

/**
 * runtime/search/docs-word-vectors.json, written by scripts/docs-word-vectors/train.py: 7,253 search terms of 72
 * openly licensed documentation sites, 128 signed bytes each, decoded once per process to unit vectors.
 */
function decodeTable(): WordVectors {
  const dimensions = table.dimensions;
  const encoded = Buffer.from(table.vectors, 'base64');
  const bytes = new Int8Array(encoded.buffer, encoded.byteOffset, encoded.length);
  const values = new Float32Array(table.terms.length * dimensions);
  for (let row = 0; row < table.terms.length; row += 1) {
    const start = row * dimensions;
    let squares = 0;
    for (let offset = start; offset < start + dimensions; offset += 1) squares += (bytes[offset] as number) ** 2;
    const length = Math.sqrt(squares) || 1;
    for (let offset = start; offset < start + dimensions; offset += 1)
      values[offset] = (bytes[offset] as number) / length;
  }
  const total = table.counts.reduce((sum, count) => sum + count, 0);
  const weights = Float32Array.from(table.counts, (count) => SIF_SMOOTHING / (SIF_SMOOTHING + count / total));
  return { rowOfTerm: new Map(table.terms.map((term, row) => [term, row])), values, weights };
}

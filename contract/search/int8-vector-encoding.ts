/**
 * The `int8-base64` encoding of section vectors in search.json: each vector scaled so that its largest component is
 * ±127, rounded to signed bytes, in base64. A quarter of float32's bytes; cosine similarity ignores the per-vector
 * scale, so it is not stored, and rounding moves a cosine by well under 0.01 at 100+ dimensions.
 */
export function encodeVector(values: ArrayLike<number>): string {
  let largest = 0;
  for (let index = 0; index < values.length; index += 1) largest = Math.max(largest, Math.abs(values[index] as number));
  const bytes = new Int8Array(values.length);
  if (largest > 0)
    for (let index = 0; index < values.length; index += 1)
      bytes[index] = Math.round(((values[index] as number) / largest) * 127);
  return Buffer.from(bytes.buffer).toString('base64');
}

/** Decodes an `int8-base64` vector into `target` at `offset`; false (nothing written) when it does not hold exactly `dimensions` bytes. */
export function decodeVector(text: string, target: Int8Array, offset: number, dimensions: number): boolean {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== dimensions) return false;
  target.set(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length), offset);
  return true;
}

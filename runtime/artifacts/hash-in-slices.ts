import { createHash } from 'node:crypto';
import { setImmediate as yieldToEvents } from 'node:timers/promises';

/** Bytes hashed between two yields to the event loop (default 1 MiB, ~1–3 ms each). */
const SLICE_BYTES = 1024 * 1024;

/**
 * The sha256 (hex) of a large buffer, worked out in slices with a yield to the event loop after each, so that
 * verifying a big artifact never holds the loop for the whole file.
 */
export async function hashInSlices(bytes: Uint8Array, sliceBytes = SLICE_BYTES): Promise<string> {
  const hash = createHash('sha256');
  for (let offset = 0; offset < bytes.length; offset += sliceBytes) {
    hash.update(bytes.subarray(offset, offset + sliceBytes));
    await yieldToEvents();
  }
  return hash.digest('hex');
}

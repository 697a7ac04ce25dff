import { createHash } from 'node:crypto';
import { setImmediate as yieldToEvents } from 'node:timers/promises';

/** Bytes hashed and decoded between two yields to the event loop (default 1 MiB, ~1–3 ms each). */
const SLICE_BYTES = 1024 * 1024;

/**
 * The sha256 (hex) and the UTF-8 text of a large buffer, both worked out in slices with a yield to the event loop
 * after each, so that verifying and decoding a big artifact never holds the loop for the whole file (decoding
 * crewAI's 62 MB search.json in one `toString` took 0.2–0.3 s in one turn; the slices and the final join take a
 * fifth of that). The text is what `buffer.toString('utf8')` gives: a leading byte-order mark is kept and invalid
 * sequences become U+FFFD.
 */
export async function hashAndDecodeInSlices(bytes: Uint8Array, sliceBytes = SLICE_BYTES): Promise<{ sha256: string; text: string }> {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const parts: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += sliceBytes) {
    const slice = bytes.subarray(offset, offset + sliceBytes);
    hash.update(slice);
    parts.push(decoder.decode(slice, { stream: true }));
    await yieldToEvents();
  }
  parts.push(decoder.decode());
  return { sha256: hash.digest('hex'), text: parts.join('') };
}

import { createHash } from 'node:crypto';

/** UTF-16 code units hashed per step: encoding megabytes of text in slices is faster than in one buffer. */
const SLICE_LENGTH = 1 << 20;

/** The sha256 (hex) of a text's UTF-8 bytes, hashed a slice at a time (a slice never splits a surrogate pair). */
export function sha256OfText(text: string): string {
  const hash = createHash('sha256');
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + SLICE_LENGTH, text.length);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end += 1;
    hash.update(text.slice(start, end));
    start = end;
  }
  return hash.digest('hex');
}

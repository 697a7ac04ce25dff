import { createHmac, timingSafeEqual } from 'node:crypto';
import type { KeyRecord, KeyVerification } from './key-record.ts';

const SIGNATURE_FORMAT = /^([0-9a-f]{12})\.([A-Za-z0-9_-]{22})$/;

/**
 * The signature a page link carries (`<key id>.<HMAC>`, the `sig` query parameter), made with the stored hash of the
 * key the answer was asked with: the link reads that one page's Markdown of that domain without a key, for as long as
 * the key stands. The hash never leaves the key store, so only the runtime can sign. Undefined for a key that is
 * unknown (no record) or revoked.
 */
export function pageSignature(record: KeyRecord | undefined, domain: string, pagePath: string): string | undefined {
  if (!record || record.revokedAt) return undefined;
  return `${record.id}.${pageMac(record.hash, domain, pagePath)}`;
}

/**
 * Checks a page link's signature (constant-time): ok with the signing key's id and organization when a standing key
 * of the domain signed this page of it; invalid when malformed, unknown, revoked or made for another page or domain.
 */
export function checkPageSignature(
  signature: string,
  domain: string,
  pagePath: string,
  findRecord: (keyId: string) => KeyRecord | undefined,
): KeyVerification {
  const match = SIGNATURE_FORMAT.exec(signature);
  const record = match ? findRecord(match[1] ?? '') : undefined;
  if (!match || !record || record.revokedAt || !record.domains.includes(domain))
    return { ok: false, reason: 'invalid' };
  const presented = Buffer.from(match[2] ?? '');
  const expected = Buffer.from(pageMac(record.hash, domain, pagePath));
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
    return { ok: false, reason: 'invalid' };
  return { ok: true, keyId: record.id, org: record.org };
}

/** 132 bits of HMAC-SHA256 over the domain and the page path, keyed by the key's stored hash. */
function pageMac(keyHash: string, domain: string, pagePath: string): string {
  return createHmac('sha256', Buffer.from(keyHash, 'hex'))
    .update(`page\n${domain}\n${pagePath}`)
    .digest('base64url')
    .slice(0, 22);
}

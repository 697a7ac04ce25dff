import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Which proxies may set the client address: a hop count, or their addresses / CIDR ranges; false trusts none. */
export type TrustProxy = false | number | string[];

const CIDR = /^(.+)\/(\d{1,3})$/;

/**
 * Reads `TRUST_PROXY`: empty, `0` or `false` trusts no proxy; a whole number is the count of proxy hops in front
 * of docsmith; anything else is a comma-separated list of proxy addresses or CIDR ranges (`10.0.0.0/8,::1`).
 * `true` (trust every client's X-Forwarded-For) is refused: any client could then choose its own IP limit.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text.toLowerCase() === 'true')
    throw new Error(
      "TRUST_PROXY=true would let every client choose its address; give the number of proxy hops (e.g. 1) or the proxies' addresses/CIDRs",
    );
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const range = CIDR.exec(entry);
    const address = range ? (range[1] ?? '') : entry;
    const bits = range ? Number(range[2]) : 0;
    const family = isIP(address);
    if (family === 0 || bits > (family === 4 ? 32 : 128))
      throw new Error(
        `TRUST_PROXY: unexpected "${entry}", expected a hop count or IP addresses/CIDR ranges separated by commas`,
      );
  }
  return entries;
}

/**
 * An onRequest hook that drops X-Forwarded-For entries that are not IP addresses before fastify reads the
 * client address from them, so a forged `X-Forwarded-For: anything` never becomes an IP-limit key.
 */
export async function ignoreNonIpForwardedFor(request: FastifyRequest): Promise<void> {
  const header = request.raw.headers['x-forwarded-for'];
  if (header === undefined) return;
  const entries = (Array.isArray(header) ? header.join(',') : header).split(',').map((entry) => entry.trim());
  const addresses = entries.filter((entry) => isIP(entry) !== 0);
  if (addresses.length === entries.length) return;
  if (addresses.length === 0) delete request.raw.headers['x-forwarded-for'];
  else request.raw.headers['x-forwarded-for'] = addresses.join(', ');
}

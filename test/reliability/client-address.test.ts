import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../runtime/http/client-address.ts';
import { createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses/CIDRs, never "trust everyone"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,::1,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
    ]);
    expect(() => parseTrustProxy('true')).toThrow(/hop/);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/unexpected "10.0.0.0\/40"/);
    expect(() => parseTrustProxy('proxy.internal')).toThrow(/unexpected "proxy.internal"/);
  });
});

describe('the client address behind proxies', () => {
  let fixture: ReliabilityFixture;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
  });
  afterAll(() => fixture.cleanup());

  const search = (forwardedFor: string | undefined) => ({
    method: 'POST' as const,
    url: '/v1/search/example',
    headers: {
      authorization: `Bearer ${fixture.keys[0]}`,
      ...(forwardedFor !== undefined ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: { query: 'install' },
  });

  it('counts the IP limit per forwarded client with one trusted hop, and ignores non-IP values', async () => {
    const app = await fixture.build({ limitStore: 'memory', trustProxy: 1, limits: { perIpPerDay: 1 } });
    expect((await app.inject(search('203.0.113.1'))).statusCode).toBe(200);
    expect((await app.inject(search('203.0.113.1'))).statusCode).toBe(429);
    expect((await app.inject(search('198.51.100.9, 203.0.113.2'))).statusCode).toBe(200);
    // Garbage is not a client address: it falls back to the proxy's own address (one budget for all garbage).
    expect((await app.inject(search('not-an-ip'))).statusCode).toBe(200);
    expect((await app.inject(search('also garbage, <script>'))).statusCode).toBe(429);
  });

  it('trusts only the listed proxies', async () => {
    const app = await fixture.build({ limitStore: 'memory', trustProxy: ['10.9.9.9'], limits: { perIpPerDay: 1 } });
    // inject connects from 127.0.0.1, which is not listed: X-Forwarded-For is not believed, every request is 127.0.0.1.
    expect((await app.inject(search('203.0.113.5'))).statusCode).toBe(200);
    expect((await app.inject(search('203.0.113.6'))).statusCode).toBe(429);
  });
});

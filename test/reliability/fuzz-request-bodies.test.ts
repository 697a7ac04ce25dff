import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '../../runtime/http/error-catalog.ts';
import { createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';
import { configureFuzzing } from '../helpers/configure-fuzzing.ts';

configureFuzzing();

/** Bodies shaped like assistant requests, with every field free to be wrong. */
const message = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
    role: fc.oneof(fc.constantFrom('user', 'assistant', 'system', 'data'), fc.string({ maxLength: 6 })),
    content: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('   '), fc.jsonValue({ maxDepth: 2 })),
    parts: fc.array(
      fc.record(
        {
          type: fc.oneof(fc.constant('text'), fc.string({ maxLength: 5 })),
          text: fc.oneof(fc.string({ maxLength: 30 }), fc.integer()),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
    metadata: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);
const assistantBody = fc.record(
  {
    fp: fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant('')),
    messages: fc.oneof(fc.array(message, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })),
    threadId: fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 30 }),
      fc.constant('thr_00000000000000000000'),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    retrievalPageSize: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.double(), fc.string({ maxLength: 3 })),
    filter: fc.oneof(
      fc.constant(null),
      fc.record(
        {
          version: fc.string({ maxLength: 5 }),
          language: fc.string({ maxLength: 3 }),
          groups: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    trigger: fc.string({ maxLength: 10 }),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);
const rawText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
);

const codes = new Set(Object.keys(ERROR_CATALOG));

describe('property-based fuzzing of request bodies', () => {
  let fixture: ReliabilityFixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
    app = await fixture.build({
      limitStore: 'memory',
      limits: { perKeyPerMonth: 1_000_000, perIpPerDay: 1_000_000, perOrgPerHour: 1_000_000 },
    });
  });
  afterAll(() => fixture.cleanup());

  const check = async (url: string, payload: string, contentType = 'application/json'): Promise<void> => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${fixture.keys[0]}`, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, payload.slice(0, 200)).toBeLessThan(500);
    if (response.statusCode >= 400)
      expect(codes.has((response.json() as { error: { code: string } }).error.code)).toBe(true);
    else expect(response.statusCode).toBe(200);
  };

  it('answers every assistant body with 200 or a catalogued 4xx (300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(assistantBody, async (body) => check('/v1/assistant/example/message', JSON.stringify(body))),
      { numRuns: 300 },
    );
  });

  it('answers every raw body, search body and content type with 200 or a catalogued 4xx (300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        rawText,
        fc.constantFrom('/v1/assistant/example/message', '/v2/assistant/example/message', '/v1/search/example'),
        fc.constantFrom(
          'application/json',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
        ),
        async (payload, url, type) => check(url, payload, type),
      ),
      { numRuns: 300 },
    );
  });

  it('answers every threads query with 200 or a catalogued 4xx (200 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('fp', 'limit', 'cursor', 'x'),
          fc.oneof(fc.string({ maxLength: 40 }), fc.integer().map(String)),
        ),
        async (query) => {
          const search = new URLSearchParams(query).toString();
          const response = await app.inject({
            url: `/v1/assistant/example/threads?${search}`,
            headers: { authorization: `Bearer ${fixture.keys[0]}` },
          });
          expect(response.statusCode, search).toBeLessThan(500);
          if (response.statusCode >= 400)
            expect(codes.has((response.json() as { error: { code: string } }).error.code)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

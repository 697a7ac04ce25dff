import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/http/build-app.ts';
import { configureFuzzing } from '../helpers/configure-fuzzing.ts';
import { versionedSiteFiles } from '../helpers/mcp-test-site.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

configureFuzzing();

/** Tool arguments with every field free to be wrong. */
const toolArguments = fc.oneof(
  fc.record(
    {
      query: fc.oneof(fc.string({ maxLength: 60 }), fc.integer(), fc.constant('../../etc/passwd')),
      pageSize: fc.oneof(fc.integer({ min: -5, max: 80 }), fc.double(), fc.string({ maxLength: 3 })),
      scoreThreshold: fc.oneof(fc.double(), fc.string({ maxLength: 3 })),
      version: fc.oneof(fc.constantFrom('v1', 'v2', 'v9'), fc.integer()),
      language: fc.string({ maxLength: 4 }),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      path: fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom(
          '/quickstart',
          '../../../data/keys.json',
          '%2e%2e/current',
          '/v1/quickstart.md#install',
          'https://x/../../y',
        ),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);
/** JSON-RPC-shaped messages: known and unknown methods, tool calls of known and unknown tools, broken envelopes. */
const message = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.string({ maxLength: 4 }), fc.integer()),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.constant(null)),
    method: fc.oneof(
      fc.constantFrom(
        'tools/call',
        'tools/list',
        'initialize',
        'ping',
        'resources/list',
        'notifications/initialized',
        'prompts/get',
      ),
      fc.string({ maxLength: 12 }),
    ),
    params: fc.oneof(
      fc.record(
        {
          name: fc.oneof(fc.constantFrom('search', 'get_page'), fc.string({ maxLength: 8 })),
          arguments: toolArguments,
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  message.map((value) => JSON.stringify(value)),
  fc.array(message, { maxLength: 5 }).map((value) => JSON.stringify(value)),
  fc.oneof(
    fc.string({ maxLength: 120 }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  ),
);
const accept = fc.constantFrom(
  'application/json, text/event-stream',
  'application/json',
  'text/event-stream',
  '*/*',
  undefined,
);

describe('property-based fuzzing of the MCP endpoint: a JSON-RPC answer or a JSON-RPC error, never a 5xx', () => {
  let directory: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-mcp-fuzz-'));
    await publishTestSite(path.join(directory, 'dist'), 'open', versionedSiteFiles());
    app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
      limits: { perKeyPerMonth: 1_000_000, perOrgPerHour: 1_000_000, perIpPerDay: 1_000_000 },
      publicDocs: ['open'],
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('answers every body, batch and Accept header (300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        accept,
        fc.constantFrom('application/json', 'text/plain'),
        async (payload, acceptHeader, contentType) => {
          const response = await app.inject({
            method: 'POST',
            url: '/sites/open/mcp',
            headers: { 'content-type': contentType, ...(acceptHeader ? { accept: acceptHeader } : {}) },
            payload,
          });
          expect(response.statusCode, payload.slice(0, 200)).toBeLessThan(500);
          if (response.statusCode === 202) return;
          const answer = response.json() as { jsonrpc?: string; error?: { code: number } } | { jsonrpc?: string }[];
          for (const entry of [answer].flat()) expect(entry.jsonrpc, payload.slice(0, 200)).toBe('2.0');
          if (response.statusCode >= 400)
            expect((answer as { error?: { code: number } }).error?.code).toEqual(expect.any(Number));
          expect(response.body).not.toMatch(/"hash"|SECRET|at .+\.(ts|js):\d+/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

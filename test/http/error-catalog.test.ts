import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { ApiError, ERROR_CATALOG } from '../../runtime/http/error-catalog.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

describe('error catalog', () => {
  it('documents every code with its status in docs/errors.md', async () => {
    const documentation = await readFile(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    for (const [code, entry] of Object.entries(ERROR_CATALOG)) {
      expect(documentation).toMatch(new RegExp(`\\| \`${code}\` \\| ${entry.status} \\|`));
    }
  });

  it('serialises an error with its field only for invalid_body', () => {
    expect(new ApiError('invalid_body', 'Invalid request body: `fp` is required.', 'fp').toBody())
      .toMatchInlineSnapshot(`
      {
        "error": {
          "code": "invalid_body",
          "field": "fp",
          "message": "Invalid request body: \`fp\` is required.",
        },
      }
    `);
    expect(new ApiError('rate_limited').status).toBe(429);
  });

  it('validates the threads query (a missing field "is required", in the query or the body), refuses a redis store without URL, and keeps the key out of error bodies', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-catalog-'));
    try {
      await publishTestSite(path.join(directory, 'dist'), 'example');
      const key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
        domains: ['example'],
        org: 'org',
      }).key;
      await expect(
        buildApp({
          artifactsDir: path.join(directory, 'dist'),
          dataDir: path.join(directory, 'data'),
          logger: false,
          store: 'redis',
        }),
      ).rejects.toThrow(/redisUrl/);
      const app = await buildApp({
        artifactsDir: path.join(directory, 'dist'),
        dataDir: path.join(directory, 'data'),
        logger: false,
        store: 'sqlite',
      });
      try {
        const missingFp = await app.inject({
          method: 'GET',
          url: '/v1/assistant/example/threads',
          headers: { authorization: `Bearer ${key}` },
        });
        expect(missingFp.statusCode).toBe(400);
        expect(missingFp.json()).toEqual({
          error: { code: 'invalid_body', message: 'Invalid query: `fp` is required.', field: 'fp' },
        });
        const badLimit = await app.inject({
          method: 'GET',
          url: '/v1/assistant/example/threads?fp=x&limit=abc',
          headers: { authorization: `Bearer ${key}` },
        });
        expect(badLimit.json()).toEqual({
          error: {
            code: 'invalid_body',
            message: 'Invalid query: `limit` is invalid, expected threads per page, 1 to 100 (default 20).',
            field: 'limit',
          },
        });
        const missingQuery = await app.inject({
          method: 'POST',
          url: '/v1/search/example',
          headers: { authorization: `Bearer ${key}` },
          payload: { pageSize: 1 },
        });
        expect(missingQuery.json()).toEqual({
          error: { code: 'invalid_body', message: 'Invalid request body: `query` is required.', field: 'query' },
        });
        const wrongKey = await app.inject({
          method: 'GET',
          url: '/v1/assistant/example/threads?fp=x',
          headers: { authorization: `Bearer ${key}x` },
        });
        expect(wrongKey.statusCode).toBe(401);
        expect(wrongKey.body).not.toContain(key);
        const listed = await app.inject({
          method: 'GET',
          url: '/v1/assistant/example/threads?fp=x',
          headers: { authorization: `Bearer ${key}` },
        });
        expect(listed.json()).toEqual({ threads: [] });
      } finally {
        await app.close();
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

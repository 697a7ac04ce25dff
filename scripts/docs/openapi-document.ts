import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import swagger from '@fastify/swagger';
import { buildApp } from '../../runtime/http/build-app.ts';
import { VERSION } from '../../cli/generator.ts';
import { HTTP_ROUTES } from './http-routes.ts';

/** The error body every refused request gets (docs/errors.md lists the codes). */
const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'A code of the error catalog (docs/errors.md), e.g. `invalid_body`, `rate_limited`.' },
        message: { type: 'string' },
        field: { type: 'string', description: 'The dotted path of the first failing field (`invalid_body` only).' },
      },
    },
  },
} as const;

/** Statuses a route that takes a key can refuse with, and when. */
const REFUSALS: Record<string, string> = {
  '400': 'Invalid body or query (`invalid_body`).',
  '401': 'Missing or invalid key (`missing_key`, `invalid_key`).',
  '403': 'The key is not for this domain or origin (`forbidden_domain`, `forbidden_origin`, `admin_required`).',
  '404': 'No published build for the domain (`unknown_domain`) or no such page (`page_not_found`).',
  '429': 'A limit is spent (`rate_limited`); `Retry-After` says when to retry.',
  '503': 'The build is not readable yet or the store is unreachable (`artifacts_not_ready`, `store_unavailable`).',
};

/**
 * The OpenAPI 3.1 document of the runtime's HTTP API, generated from the routes the app registers: @fastify/swagger
 * reads each route's JSON schemas (params, query, body: the same schemas the routes validate with), and
 * `HTTP_ROUTES` adds titles, descriptions and groups. Written to docs/reference/openapi.json by
 * `npm run docs:reference`; the docs site renders it as endpoint pages.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-openapi-'));
  const app = await buildApp({
    artifactsDir: path.join(directory, 'artifacts'),
    dataDir: path.join(directory, 'data'),
    logger: false,
    limitStore: 'memory',
    admin: true,
    registerFirst: async (instance) => {
      await instance.register(swagger, {
        openapi: {
          openapi: '3.1.0',
          info: { title: 'docsmith runtime API', version: VERSION, description: 'The HTTP API of `docsmith serve` (and `docsmith dev`): the assistant, search, pages, threads, feedback, analytics and operations.' },
          servers: [{ url: 'http://127.0.0.1:8080', description: 'docsmith serve on this machine' }],
          components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'A key made with `docsmith keys create` (`ds_<id>_<secret>`).' } } },
        },
        transform: ({ schema, url, route }) => {
          const methods = [route.method].flat();
          const documentation = HTTP_ROUTES[`${methods.join('|')} ${url}`];
          const guarded = url.includes(':domain');
          const responses: Record<string, unknown> = {
            '200': documentation?.produces ? { description: 'Success', content: Object.fromEntries(documentation.produces.map((type) => [type, { schema: { type: 'string' } }])) } : { description: 'Success', content: { 'application/json': { schema: {} } } },
          };
          if (guarded) for (const [status, description] of Object.entries(REFUSALS)) responses[status] = { description, content: { 'application/json': { schema: ERROR_BODY } } };
          return {
            url,
            schema: {
              ...schema,
              summary: documentation?.summary ?? `${methods.join('|')} ${url}`,
              description: documentation?.description ?? '',
              tags: [documentation?.tag ?? 'Other'],
              ...(guarded && !documentation?.public ? { security: [{ apiKey: [] }] } : {}),
              response: responses,
              ...(documentation?.hidden ? { hide: true } : {}),
            },
          };
        },
      });
    },
  });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await rm(directory, { recursive: true, force: true });
  }
}

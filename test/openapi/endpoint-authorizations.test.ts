import { describe, expect, it } from 'vitest';
import { operationToEndpointContent } from '../../pipeline/endpoints/operation-to-endpoint-content.ts';
import { listSpecOperations } from '../../pipeline/openapi/list-spec-operations.ts';

/** The endpoint content of each operation of an in-memory spec, by `METHOD /path`. */
function pages(document: Record<string, unknown>): Map<string, ReturnType<typeof operationToEndpointContent>> {
  return new Map(
    listSpecOperations(document).map((operation) => [
      `${operation.method} ${operation.path}`,
      operationToEndpointContent(operation, 'api/operation'),
    ]),
  );
}

function section(
  content: ReturnType<typeof operationToEndpointContent> | undefined,
  anchor: string,
): string | undefined {
  return content?.sections.find((candidate) => candidate.anchor === anchor)?.text;
}

const responses = { 200: { description: 'OK' } };

describe('endpoint pages: authorizations and base URL', () => {
  it('shows the bearer scheme as an Authorization header field, with the platform text when it has no description', () => {
    const spec = pages({
      openapi: '3.0.3',
      servers: [{ url: 'https://api.example.com' }],
      security: [{ bearerAuth: [] }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Organization API key (`sk_live_…`).' },
          plain: { type: 'http', scheme: 'Bearer' },
        },
      },
      paths: {
        '/things': {
          get: { summary: 'List things', responses },
          post: { summary: 'Create thing', security: [{ plain: [] }], responses },
          delete: { summary: 'Delete things', security: [], responses },
        },
      },
    });
    expect(section(spec.get('GET /things'), 'authorizations')).toBe(
      'Authorization (header, bearer, required): Organization API key (sk_live_…).',
    );
    expect(section(spec.get('POST /things'), 'authorizations')).toBe(
      'Authorization (header, bearer, required): Bearer authentication header of the form Bearer <token>, where <token> is your auth token.',
    );
    expect(section(spec.get('DELETE /things'), 'authorizations')).toBeUndefined();
    expect(spec.get('GET /things')?.headings.map((heading) => heading.text)).toEqual(['Authorizations', 'Responses']);
  });

  it('names an API key where it goes, labels alternative requirements as options and joins the schemes one needs', () => {
    const spec = pages({
      openapi: '3.1.0',
      components: {
        securitySchemes: {
          api_key: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your project key.' },
          org: { type: 'apiKey', in: 'query', name: 'org_id' },
          basic: { type: 'http', scheme: 'basic' },
          oauth: { type: 'oauth2', flows: {} },
          oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com' },
        },
      },
      paths: {
        '/a': { get: { security: [{ api_key: [], org: [] }, { basic: [] }], responses } },
        '/b': { get: { security: [{ oauth: ['read', 'write'] }, {}], responses } },
        '/c': { get: { security: [{ oidc: [] }, { missing: [] }], responses } },
      },
    });
    expect(section(spec.get('GET /a'), 'authorizations')?.split('\n')).toEqual([
      'X-API-Key (header, string, required, option api_key & org): Your project key.',
      'org_id (query, string, required, option api_key & org)',
      'Authorization (header, basic, required, option basic): Basic authentication header of the form Basic <encoded-value>, where <encoded-value> is the base64-encoded string username:password.',
    ]);
    // An empty requirement makes the scheme optional.
    expect(section(spec.get('GET /b'), 'authorizations')).toBe(
      'Authorization (header, oauth2): The access token received from the authorization server in the OAuth 2.0 flow.\nScopes: read, write.',
    );
    // OpenID Connect and an undefined scheme add no field, as on the platform.
    expect(section(spec.get('GET /c'), 'authorizations')).toBeUndefined();
  });

  it('keeps a scheme description’s paragraphs and code blocks on lines of their own', () => {
    const spec = pages({
      openapi: '3.1.0',
      security: [{ key: [] }, { token: [] }],
      components: {
        securitySchemes: {
          key: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key.\n\nSend it in the header:\n\n```bash\ncurl -H "Authorization: Bearer KEY" /v1\n```\n',
          },
          token: { type: 'apiKey', in: 'cookie', name: 'session', description: '```\nsession=abc\n```' },
        },
      },
      paths: { '/a': { get: { responses } } },
    });
    expect(section(spec.get('GET /a'), 'authorizations')).toBe(
      [
        'Authorization (header, bearer, required, option key): An API key.',
        'Send it in the header:',
        '```bash',
        'curl -H "Authorization: Bearer KEY" /v1',
        '```',
        'session (cookie, string, required, option token)',
        '```',
        'session=abc',
        '```',
      ].join('\n'),
    );
  });

  it('takes a webhook’s own security only, and gives it no URL', () => {
    const spec = pages({
      openapi: '3.1.0',
      servers: [{ url: 'https://api.example.com' }],
      security: [{ key: [] }],
      components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
      webhooks: { 'order.created': { post: { summary: 'Order created', responses } } },
    });
    const webhook = spec.get('POST order.created');
    expect(section(webhook, 'authorizations')).toBeUndefined();
    expect(webhook?.sections[0]?.text).toBe('Webhook order.created\nOrder created');
  });

  it('shows the base URL and the request URL in the intro: the operation’s servers, else the path’s, else the document’s', () => {
    const spec = pages({
      openapi: '3.0.3',
      servers: [
        {
          url: 'https://{region}.api.example.com/v1/',
          description: 'Production',
          variables: { region: { default: 'eu', enum: ['eu', 'us'], description: 'Data region' } },
        },
        { url: 'https://sandbox.example.com/v1', description: 'Sandbox' },
      ],
      paths: {
        '/things/{id}': {
          servers: [{ url: 'https://things.example.com' }],
          get: { summary: 'Get thing', responses },
          put: { summary: 'Put thing', servers: [{ url: '/' }], responses },
        },
        '/other': { get: { summary: 'Other', responses } },
      },
    });
    expect(spec.get('GET /other')?.sections[0]?.text.split('\n')).toEqual([
      'GET /other',
      'Base URLs: https://eu.api.example.com/v1/ (Production; https://{region}.api.example.com/v1/, region: eu, us — Data region), https://sandbox.example.com/v1 (Sandbox)',
      'Request URL: https://eu.api.example.com/v1/other',
      'Other',
    ]);
    expect(spec.get('GET /things/{id}')?.sections[0]?.text.split('\n').slice(1, 3)).toEqual([
      'Base URL: https://things.example.com',
      'Request URL: https://things.example.com/things/{id}',
    ]);
    // A server at `/` names no URL.
    expect(spec.get('PUT /things/{id}')?.sections[0]?.text).toBe('PUT /things/{id}\nPut thing');
  });

  it('changes the content hash when the base URL changes', () => {
    const hash = (url: string): string | undefined =>
      pages({ openapi: '3.0.3', servers: [{ url }], paths: { '/a': { get: { summary: 'A', responses } } } }).get(
        'GET /a',
      )?.contentHash;
    expect(hash('https://api.example.com')).not.toBe(hash('https://api.example.org'));
  });
});

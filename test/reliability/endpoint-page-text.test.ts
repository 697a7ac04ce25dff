import { describe, expect, it } from 'vitest';
import { textLines } from '../../contract/search/code-fences.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { expandManifestPages } from '../../schemas/expand-manifest-pages.ts';

const spec = {
  openapi: '3.0.3',
  info: { title: 'Messages', version: '1' },
  paths: {
    '/messages': {
      post: {
        summary: 'Send a message',
        'x-codeSamples': [{ lang: 'bash', label: 'cURL', source: 'curl -X POST https://api.example.com/messages' }],
        description:
          '**Available for**: chat apps. Sends `query` to the app; see [Get parameters](/api/parameters).\n\n- `streaming` uses SSE\n- `blocking` waits',
        parameters: [
          {
            name: 'mode',
            in: 'query',
            description: 'How the answer comes back, *streaming* or not.',
            schema: { type: 'string', enum: ['streaming', 'blocking'] },
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  query: { type: 'string', description: 'The `text` to answer, up to **4,000** characters.' },
                },
              },
              examples: {
                streaming: { summary: 'Request Example - Streaming mode', value: { query: 'Hi' } },
                bare: { value: { query: 'Hello' } },
              },
            },
          },
        },
        responses: {
          200: {
            description: 'The answer. See [events](https://example.com/events).',
            content: {
              'application/json': {
                examples: { blocking: { summary: 'Response Example - Blocking mode', value: { answer: 'Hello!' } } },
              },
            },
          },
          400: {
            description: '- `app_unavailable`: the app is not set up\n- `invalid_param`: a field is missing',
            content: {
              'application/json': { examples: { app_unavailable: { summary: 'app_unavailable', value: {} } } },
            },
          },
        },
      },
    },
  },
};

describe('endpoint pages say what the spec says (issue #30 item 10)', () => {
  it('index the text of Markdown descriptions, enum values of parameters, request and response examples with their values, and code samples', async () => {
    const result = await buildSite(
      siteSourceFromObject({
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'Spec',
          colors: { primary: '#0F766E' },
          navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] },
        }),
        'openapi.json': JSON.stringify(spec),
      }),
      { domain: 'spec' },
    );
    expect(result.diagnostics).toEqual([]);
    const page = result.manifest
      ? expandManifestPages(result.manifest).find((candidate) => candidate.kind === 'openapi')
      : undefined;
    expect(page?.description).toBe('Available for: chat apps.');
    const markdown = result.files.get(`pages/${page?.path ?? ''}.md`) ?? '';
    expect(markdown).toMatchInlineSnapshot(`
      "# Send a message

      > Available for: chat apps.

      POST /messages
      Send a message
      Available for: chat apps. Sends query to the app; see Get parameters.
      - streaming uses SSE
      - blocking waits

      ## Parameters

      mode (query, string): How the answer comes back, streaming or not. One of: streaming, blocking.

      ## Request body

      query (string): The text to answer, up to 4,000 characters.
      Example: Request Example - Streaming mode
      \`\`\`json
      {
        "query": "Hi"
      }
      \`\`\`
      Example: bare
      \`\`\`json
      {
        "query": "Hello"
      }
      \`\`\`

      ## Code samples

      \`\`\`bash cURL
      curl -X POST https://api.example.com/messages
      \`\`\`

      ## Responses

      200: The answer. See events.
      Example: 200 · Response Example - Blocking mode
      \`\`\`json
      {
        "answer": "Hello!"
      }
      \`\`\`
      400: app_unavailable: the app is not set up invalid_param: a field is missing
      Example: 400 · app_unavailable
      \`\`\`json
      {}
      \`\`\`
      "
    `);
    const searched = result.sectionRecords
      .filter((record) => record.path === page?.path)
      .flatMap((record) => textLines(record.text));
    const prose = searched
      .filter((line) => !line.code)
      .map((line) => line.text)
      .join('\n');
    expect(prose).not.toMatch(/\*\*|`|\]\(/);
    // The search text holds the response example's values and the code sample, as code.
    const code = searched.filter((line) => line.code && line.fence === undefined).map((line) => line.text);
    expect(code).toContain('  "answer": "Hello!"');
    expect(code).toContain('curl -X POST https://api.example.com/messages');
  });
});

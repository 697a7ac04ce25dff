import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAssistantPrompt } from '../../runtime/assistant/assistant-prompt.ts';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

/**
 * Request bodies exactly as Mintlify documents them (mintlify.com/docs/api/assistant/create-assistant-message and
 * …-v2): the two curl examples, and what the two documented `useChat` setups put on the wire (AI SDK 4 `useChat`
 * with `sendExtraMessageFields: true`; AI SDK 5+ `DefaultChatTransport` with the same `body`).
 */
const MINTLIFY_BODIES: [string, string, unknown][] = [
  [
    'v1 curl example',
    '/v1/assistant/example/message',
    {
      fp: '<string>',
      messages: [
        {
          id: 'foobar',
          role: 'user',
          content: 'how do i get started',
          parts: [{ type: 'text', text: 'How do I get started' }],
        },
      ],
      threadId: null,
      retrievalPageSize: 5,
      filter: null,
    },
  ],
  [
    'v2 curl example',
    '/v2/assistant/example/message',
    {
      fp: '<string>',
      messages: [{ id: 'foobar', role: 'user', parts: [{ type: 'text', text: 'How do I get started' }] }],
      threadId: null,
      retrievalPageSize: 5,
      filter: null,
      context: [{ type: 'code', value: '<string>', path: '<string>', elementId: '<string>' }],
    },
  ],
  [
    'AI SDK 4 useChat (sendExtraMessageFields)',
    '/v1/assistant/example/message',
    {
      id: 'Xq1oR7b2cD3eF4gH',
      messages: [
        {
          id: 'msg-1',
          createdAt: '2026-11-23T10:00:00.000Z',
          role: 'user',
          content: 'How do I get started',
          parts: [{ type: 'text', text: 'How do I get started' }],
        },
      ],
      fp: 'anonymous',
      retrievalPageSize: 5,
      context: [{ type: 'code', value: 'const example = "code snippet";', elementId: 'code-block-1' }],
    },
  ],
  [
    'AI SDK 5+ DefaultChatTransport',
    '/v2/assistant/example/message',
    {
      id: 'Xq1oR7b2cD3eF4gH',
      messages: [{ id: 'msg-1', role: 'user', parts: [{ type: 'text', text: 'How do I get started' }] }],
      trigger: 'submit-message',
      fp: 'anonymous',
      retrievalPageSize: 5,
      context: [{ type: 'code', value: 'const example = "code snippet";', elementId: 'code-block-1' }],
    },
  ],
];

describe('Mintlify clients, unchanged', () => {
  let directory: string;
  let app: FastifyInstance;
  let key: string;
  const debugLines: string[] = [];
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-mintlify-'));
    await publishTestSite(path.join(directory, 'dist'), 'example', undefined, 'https://docs.example.com');
    key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
      domains: ['example'],
      org: 'org',
    }).key;
    const stream = { write: (line: string) => void debugLines.push(line) };
    app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: { level: 'debug', stream },
      limitStore: 'memory',
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(directory, { recursive: true, force: true });
  });
  const post = (url: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it.each(MINTLIFY_BODIES)('accepts the %s body', async (_name, url, body) => {
    const response = await post(url, body);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const threadId = response.headers['x-thread-id'] as string;
    expect(threadId).toMatch(/^thr_/);
    expect(response.body).toMatch(
      new RegExp(
        `(8:\\[\\{"type":"finish","threadId":"${threadId}"\\}\\]|"type":"finish","messageMetadata":\\{"threadId":"${threadId}"[,}])`,
      ),
    );
  });

  it('ignores unknown top-level fields and logs them at debug', async () => {
    const response = await post('/v1/assistant/example/message', {
      fp: 'anonymous',
      messages: [{ role: 'user', content: 'How do I install the CLI?' }],
      locale: 'en',
      currentPath: '/quickstart',
    });
    expect(response.statusCode).toBe(200);
    expect(
      debugLines.some(
        (line) =>
          line.includes('ignored unknown request fields') &&
          line.includes('"locale"') &&
          !line.includes('"currentPath"'),
      ),
    ).toBe(true);
  });

  it.each([
    ['context is not an array', { context: 'selected text' }, 'context'],
    ['a context item has no value', { context: [{ type: 'code' }] }, 'context.0.value'],
    ['a context value is not a string', { context: [{ type: 'textSelection', value: 42 }] }, 'context.0.value'],
    ['retrievalPageSize is a string', { retrievalPageSize: '5' }, 'retrievalPageSize'],
    ['currentPath is longer than the documented 200 characters', { currentPath: `/${'a'.repeat(200)}` }, 'currentPath'],
  ])('answers 400 when %s', async (_name, extra, field) => {
    const response = await post('/v1/assistant/example/message', {
      fp: 'anonymous',
      messages: [{ role: 'user', content: 'hi' }],
      ...extra,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_body', field });
  });

  it('retrieves with the reader’s selection: a vague question about selected text finds its page', async () => {
    const vague = { fp: 'anonymous', messages: [{ role: 'user', content: 'What is this for?' }] };
    const without = await post('/v1/assistant/example/message', vague);
    expect(without.body).not.toContain('https://docs.example.com/cli/configure#tokens-in-ci');
    const withContext = await post('/v1/assistant/example/message', {
      ...vague,
      context: [{ type: 'textSelection', value: 'EXAMPLE_TOKEN interactive login CI pipelines', elementId: 'p-3' }],
    });
    expect(withContext.body).toContain('https://docs.example.com/cli/configure#tokens-in-ci');
  });

  it('takes currentPath (a path or a URL of the site) without changing what a clear question finds', async () => {
    const question = { fp: 'anonymous', messages: [{ role: 'user', content: 'How do I log in to the CLI?' }] };
    const firstSource = (body: string): string | undefined =>
      /^h:\{"sourceType":"url","id":"src_1","url":"([^"]+)"/m.exec(body)?.[1];
    for (const currentPath of [undefined, '/cli/configure#tokens-in-ci', 'https://docs.example.com/billing', '/nope']) {
      const response = await post(
        '/v1/assistant/example/message',
        currentPath === undefined ? question : { ...question, currentPath },
      );
      expect(response.statusCode, currentPath).toBe(200);
      expect(firstSource(response.body), currentPath).toBe('https://docs.example.com/quickstart#log-in');
    }
  });

  it('hands the selection to the answer model after the sources', () => {
    const prompt = buildAssistantPrompt({
      question: 'What is this?',
      sources: [],
      readerContext: [{ type: 'code', value: 'const example = "code snippet";', path: 'quickstart.mdx' }],
    });
    expect(prompt.system).toContain(
      '<reader-context type="code" path="quickstart.mdx">\nconst example = "code snippet";\n</reader-context>',
    );
    expect(prompt.prompt).toBe('Question: What is this?');
  });
});

import path from 'node:path';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { processDataStream } from 'ai-v4';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/http/build-app.ts';
import { startKeyedTestApp, type KeyedTestApp } from '../helpers/keyed-test-app.ts';

describe('streaming routes over a real socket, read by the AI SDK clients', () => {
  let testApp: KeyedTestApp;
  let directory: string;
  let app: FastifyInstance;
  let baseUrl: string;
  let key: string;
  beforeAll(async () => {
    testApp = await startKeyedTestApp({
      prefix: 'docsmith-socket-',
      sites: [{ domain: 'example', siteUrl: 'https://docs.example.com' }],
    });
    ({ app, key, directory } = testApp);
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => testApp.close());

  it('v2: AI SDK 6 DefaultChatTransport + readUIMessageStream get text, sources and threadId', async () => {
    const transport = new DefaultChatTransport<UIMessage>({
      api: `${baseUrl}/v2/assistant/example/message`,
      headers: { authorization: `Bearer ${key}` },
      body: { fp: 'browser-1' },
    });
    const chunks = await transport.sendMessages({
      trigger: 'submit-message',
      chatId: 'chat-1',
      messageId: undefined,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Which variable skips the login in CI?' }] }],
      abortSignal: undefined,
    });
    let message: UIMessage | undefined;
    for await (const update of readUIMessageStream({ stream: chunks })) message = update;
    const text = message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
    expect(text).toContain('EXAMPLE_TOKEN');
    expect(
      message?.parts.some(
        (part) => part.type === 'source-url' && part.url === 'https://docs.example.com/cli/configure#tokens-in-ci',
      ),
    ).toBe(true);
    expect((message?.metadata as { threadId?: string } | undefined)?.threadId).toMatch(/^thr_/);
  });

  it('v1: AI SDK 4 processDataStream over fetch gets text, sources and the finish threadId', async () => {
    const response = await fetch(`${baseUrl}/v1/assistant/example/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        fp: 'browser-2',
        threadId: null,
        messages: [
          {
            id: 'u1',
            role: 'user',
            content: 'How do I install the CLI?',
            parts: [{ type: 'text', text: 'How do I install the CLI?' }],
          },
        ],
      }),
    });
    expect(response.status).toBe(200);
    const headerThreadId = response.headers.get('x-thread-id');
    let text = '';
    const sources: string[] = [];
    const annotations: { type?: string; threadId?: string }[] = [];
    await processDataStream({
      stream: response.body as ReadableStream<Uint8Array>,
      onTextPart: (part) => {
        text += part;
      },
      onSourcePart: (part) => {
        sources.push(part.url);
      },
      onMessageAnnotationsPart: (part) => {
        annotations.push(...(part as { type?: string; threadId?: string }[]));
      },
    });
    expect(text).toContain('npm i -g example-cli');
    expect(sources[0]).toBe('https://docs.example.com/quickstart#install');
    expect(annotations.find((annotation) => annotation.type === 'finish')?.threadId).toBe(headerThreadId);
  });

  it('aborts the model when the client disconnects mid-answer, keeps the accepted question without an answer, and keeps serving', async () => {
    let aborted = false;
    const slowModel = new MockLanguageModelV3({
      modelId: 'slow',
      doStream: async ({ abortSignal }) => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          async start(controller) {
            abortSignal?.addEventListener('abort', () => (aborted = true));
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 'a' });
            for (let delta = 0; delta < 50 && !aborted; delta += 1) {
              controller.enqueue({ type: 'text-delta', id: 'a', delta: `Part ${delta}. ` });
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            if (!aborted) controller.close();
          },
        }),
      }),
    });
    const slowApp = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'slow-data'),
      keysFile: path.join(directory, 'data', 'keys.json'),
      logger: false,
      model: slowModel,
    });
    const slowUrl = await slowApp.listen({ port: 0, host: '127.0.0.1' });
    try {
      const request = {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          fp: 'leaver',
          messages: [{ id: 'u1', role: 'user', content: 'How do I install the CLI?' }],
        }),
      };
      const client = new AbortController();
      const response = await fetch(`${slowUrl}/v1/assistant/example/message`, { ...request, signal: client.signal });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let received = '';
      while (!received.includes('Part 1.')) received += new TextDecoder().decode((await reader.read()).value);
      client.abort();
      for (let wait = 0; wait < 50 && !aborted; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(aborted).toBe(true);
      const threads = await slowApp.inject({
        method: 'GET',
        url: '/v1/assistant/example/threads?fp=leaver',
        headers: { authorization: `Bearer ${key}` },
      });
      const listed = threads.json() as { threads: { messages: { role: string; text: string }[] }[] };
      expect(listed.threads.map((thread) => thread.messages.map((message) => [message.role, message.text]))).toEqual([
        [['user', 'How do I install the CLI?']],
      ]);
      const health = await fetch(`${slowUrl}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await slowApp.close();
    }
  });
});

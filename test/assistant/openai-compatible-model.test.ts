import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistantStream } from '../../runtime/assistant/create-assistant-stream.ts';
import { createModelFromEnvironment } from '../../runtime/assistant/create-model-from-environment.ts';

describe('OpenAI-compatible answer model over real HTTP', () => {
  let server: Server;
  let baseUrl: string;
  const received: { authorization?: string; body: { model: string; messages: { role: string; content: string }[]; stream: boolean } }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      request.on('end', () => {
        received.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
          `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'stub-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        response.write(chunk({ role: 'assistant', content: 'Set EXAMPLE_TOKEN ' }));
        response.write(chunk({ content: 'in CI [1].' }));
        response.write(`${chunk({}, 'stop').slice(0, -2).replace('"finish_reason":"stop"}]', '"finish_reason":"stop"}],"usage":{"prompt_tokens":42,"completion_tokens":7}')}\n\n`);
        response.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the same prompt to the configured server and streams its text', async () => {
    const model = createModelFromEnvironment({ ASSISTANT_LLM_BASE_URL: baseUrl, ASSISTANT_LLM_MODEL: 'stub-model', ASSISTANT_LLM_API_KEY: 'sk-test' });
    const stream = createAssistantStream({
      protocol: 'data',
      question: 'How do I skip login in CI?',
      sources: [{ id: 'src_1', url: '/cli/configure', title: 'Configure', path: 'cli/configure', anchor: '', text: 'Set EXAMPLE_TOKEN to skip the login step in CI.', snippet: '' }],
      threadId: 'thr_1',
      messageId: 'msg_1',
      model,
    });
    const body = await new Response(stream.body).text();
    expect(body).toContain('0:"Set EXAMPLE_TOKEN "\n0:"in CI [1]."');
    expect(body).toContain('"usage":{"promptTokens":42,"completionTokens":7}');
    expect(received[0]?.authorization).toBe('Bearer sk-test');
    expect(received[0]?.body.model).toBe('stub-model');
    expect(received[0]?.body.stream).toBe(true);
    expect(received[0]?.body.messages[0]?.role).toBe('system');
    expect(received[0]?.body.messages[0]?.content).toContain('<source number="1" title="Configure">');
    expect(received[0]?.body.messages[1]).toEqual({ role: 'user', content: 'Question: How do I skip login in CI?' });
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { answerQuestion } from '../../runtime/assistant/answer-question.ts';
import type { AssistantRequestBody } from '../../runtime/assistant/assistant-request.ts';
import { createAssistantStream } from '../../runtime/assistant/create-assistant-stream.ts';
import { createModelFromEnvironment } from '../../cli/create-model-from-environment.ts';
import { loadSearchIndex } from '../../runtime/search/index.ts';

/** What the scripted server received: the key it was sent and the chat completion request. */
interface ReceivedRequest {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; stream: boolean };
}

/** A site whose answer needs the page's other section, a whole code block and the page's group. */
const site = {
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Example',
    colors: { primary: '#16A34A' },
    navigation: {
      groups: [
        { group: 'Operations', pages: ['server'] },
        { group: 'Start', pages: ['quickstart'] },
      ],
    },
  }),
  'server.mdx': [
    '---\ntitle: Server\ndescription: Run and tune the example server.\n---',
    '## Start the server\n\nStart it in the foreground:\n\n```shell\nexample serve --port 8080\n```',
    '## Queueing\n\nWhen every worker is busy, requests wait in a queue. The queue holds 512 requests by default; set EXAMPLE_MAX_QUEUE to change it:\n\n```shell\nEXAMPLE_MAX_QUEUE=1024 example serve\n```',
    '## Logs\n\nThe server writes its logs to stderr.',
  ].join('\n\n'),
  'quickstart.mdx': '---\ntitle: Quickstart\n---\n\nInstall the CLI with npm i -g example-cli.\n',
};

describe('OpenAI-compatible answer model over real HTTP', () => {
  let server: Server;
  let baseUrl: string;
  const received: ReceivedRequest[] = [];
  beforeAll(async () => {
    // A scripted OpenAI-compatible server: records each chat completion request and streams a fixed answer.
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
        response.write(
          `${chunk({}, 'stop').slice(0, -2).replace('"finish_reason":"stop"}]', '"finish_reason":"stop"}],"usage":{"prompt_tokens":42,"completion_tokens":7}')}\n\n`,
        );
        response.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the same prompt to the configured server and streams its text', async () => {
    const model = createModelFromEnvironment({
      ASSISTANT_LLM_BASE_URL: baseUrl,
      ASSISTANT_LLM_MODEL: 'stub-model',
      ASSISTANT_LLM_API_KEY: 'sk-test',
    });
    const stream = createAssistantStream({
      protocol: 'data',
      question: 'How do I skip login in CI?',
      sources: [
        {
          id: 'src_1',
          url: '/cli/configure',
          title: 'Configure',
          path: 'cli/configure',
          anchor: '',
          text: 'Set EXAMPLE_TOKEN to skip the login step in CI.',
          snippet: '',
        },
      ],
      threadId: 'thr_1',
      messageId: 'msg_1',
      model,
    });
    const body = await new Response(stream.body).text();
    expect(body).toContain('0:"Set EXAMPLE_TOKEN "\n0:"in CI [1]."');
    expect(body).toContain('"usage":{"promptTokens":42,"completionTokens":7}');
    const last = received.at(-1) as ReceivedRequest;
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.body.model).toBe('stub-model');
    expect(last.body.stream).toBe(true);
    expect(last.body.messages[0]?.role).toBe('system');
    expect(last.body.messages[0]?.content).toContain(
      '<source number="1" title="Configure" url="/cli/configure">\nSet EXAMPLE_TOKEN to skip the login step in CI.\n</source>',
    );
    expect(last.body.messages[1]).toEqual({ role: 'user', content: 'Question: How do I skip login in CI?' });
  });

  it('gets the evidence the offline composer gets: the selected sections whole, with their titles, groups and links, and asks for [n] and "not in the docs"', async () => {
    const built = await buildSite(siteSourceFromObject(site), {
      domain: 'example',
      siteUrl: 'https://docs.example.com',
    });
    const index = loadSearchIndex(JSON.parse(built.files.get('search.json') as string));
    const loaded = {
      domain: 'example',
      buildId: 'b',
      siteName: 'Example',
      siteUrl: 'https://docs.example.com',
      index,
      bytes: 0,
    };
    const model = createModelFromEnvironment({ ASSISTANT_LLM_BASE_URL: baseUrl });
    const body = {
      fp: 'fp',
      messages: [
        {
          id: 'u1',
          role: 'user',
          content: 'how do I start the server in the foreground, and how many requests can wait in its queue?',
        },
      ],
    } as AssistantRequestBody;
    const threads = {
      resolveThread: async () => ({ threadId: 'thr_1', isNew: true }),
      appendMessage: async () => undefined,
      recentMessages: async () => [],
    };
    const { stream } = await answerQuestion({
      site: loaded,
      body,
      protocol: 'data',
      model,
      sinks: { threads, log: { info: () => undefined, warn: () => undefined, error: () => undefined } },
    });
    await new Response(stream.body).text();
    const system = (received.at(-1) as ReceivedRequest).body.messages[0]?.content as string;
    expect(system).toContain(
      'cite each statement with the number of its source in brackets, like [1]'.replace('cite', 'Cite'),
    );
    expect(system).toContain(
      'If the sources do not contain the answer, say that you could not find it in the documentation; do not guess.',
    );
    expect(system).toContain('a command or code as a fenced code block, whole and exactly as the source writes it');
    // The ranked page comes with its title › heading, link and group, and the section holding the answer, code block intact.
    expect(system).toContain(
      '<source number="1" title="Server › Queueing" url="https://docs.example.com/server#queueing" breadcrumbs="Operations">',
    );
    expect(system).toContain(
      'The queue holds 512 requests by default; set EXAMPLE_MAX_QUEUE to change it:\n```shell\nEXAMPLE_MAX_QUEUE=1024 example serve\n```',
    );
    // The page's other section that matches the question follows in the same source, whole.
    expect(system).toMatch(
      /<source-section title="Server › Start the server" url="https:\/\/docs\.example\.com\/server#start-the-server">\nStart it in the foreground:\n```shell\nexample serve --port 8080\n```\n<\/source-section>\n<\/source>/,
    );
  });
});

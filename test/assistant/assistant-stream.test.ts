import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import {
  parseJsonEventStream,
  readUIMessageStream,
  simulateReadableStream,
  uiMessageChunkSchema,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { processDataStream } from 'ai-v4';
import { describe, expect, it } from 'vitest';
import type { AssistantSource } from '../../runtime/assistant/assistant-prompt.ts';
import { createAssistantStream } from '../../runtime/assistant/create-assistant-stream.ts';
import { NOT_FOUND_ANSWER } from '../../runtime/assistant/compose-answer.ts';
import { createExtractiveModel } from '../../runtime/assistant/extractive-model.ts';

const sources: AssistantSource[] = [
  {
    id: 'src_1',
    url: 'https://docs.example.com/quickstart#install',
    title: 'Quickstart',
    path: 'quickstart',
    anchor: 'install',
    text: 'Install the CLI with npm i -g example-cli. The CLI needs Node 20 or later.\nRun example login to connect your account.',
    snippet: 'Install the CLI…',
  },
  {
    id: 'src_2',
    url: 'https://docs.example.com/cli/configure',
    title: 'Configure the CLI',
    path: 'cli/configure',
    anchor: '',
    text: 'The CLI reads its settings from ~/.example/config.toml. Set EXAMPLE_TOKEN to skip the login step in CI.',
    snippet: 'The CLI reads…',
  },
];

async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body).text();
}

function modelStreaming(parts: LanguageModelV3StreamPart[]): LanguageModelV3 {
  return new MockLanguageModelV3({
    modelId: 'scripted',
    doStream: async () => ({
      stream: simulateReadableStream({ chunks: parts, initialDelayInMs: null, chunkDelayInMs: null }),
    }),
  });
}

const scripted = () =>
  modelStreaming([
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'a' },
    { type: 'text-delta', id: 'a', delta: 'Install the CLI with npm i -g example-cli [1]. ' },
    { type: 'text-end', id: 'a' },
    {
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 0, text: 0, reasoning: undefined },
      },
    },
  ]);

describe('assistant streams', () => {
  it('writes the data stream protocol byte for byte', async () => {
    const stream = createAssistantStream({
      protocol: 'data',
      question: 'How do I install the CLI?',
      sources: sources.slice(0, 1),
      threadId: 'thr_1',
      messageId: 'msg_1',
      model: scripted(),
    });
    expect(stream.headers).toEqual({
      'content-type': 'text/plain; charset=utf-8',
      'x-vercel-ai-data-stream': 'v1',
      'x-thread-id': 'thr_1',
      'access-control-expose-headers': 'x-thread-id',
    });
    expect(await readAll(stream.body)).toMatchInlineSnapshot(`
      "f:{"messageId":"msg_1"}
      h:{"sourceType":"url","id":"src_1","url":"https://docs.example.com/quickstart#install","title":"Quickstart"}
      0:"Install the CLI with npm i -g example-cli [1]. "
      8:[{"type":"finish","threadId":"thr_1"}]
      2:[{"type":"finish","threadId":"thr_1"}]
      e:{"finishReason":"stop","usage":{"promptTokens":0,"completionTokens":0},"isContinued":false}
      d:{"finishReason":"stop","usage":{"promptTokens":0,"completionTokens":0}}
      "
    `);
  });

  it('with searchToolParts, the data stream also carries the sources as a `search` tool invocation before the source parts', async () => {
    const stream = createAssistantStream({
      protocol: 'data',
      question: 'How do I install the CLI?',
      sources: sources.slice(0, 1),
      threadId: 'thr_1',
      messageId: 'msg_1',
      model: scripted(),
      searchToolParts: true,
    });
    expect((await readAll(stream.body)).split('\n').slice(0, 4).join('\n')).toMatchInlineSnapshot(`
      "f:{"messageId":"msg_1"}
      9:{"toolCallId":"call_search","toolName":"search","args":{"query":"How do I install the CLI?"}}
      a:{"toolCallId":"call_search","result":[{"url":"https://docs.example.com/quickstart#install","path":"/quickstart#install","content":"Install the CLI…","metadata":{"title":"Quickstart"}}]}
      h:{"sourceType":"url","id":"src_1","url":"https://docs.example.com/quickstart#install","title":"Quickstart"}"
    `);
  });

  it('with searchToolParts, the UI message stream is unchanged (source-url parts only)', async () => {
    const plain = await readAll(
      createAssistantStream({
        protocol: 'ui',
        question: 'q',
        sources,
        threadId: 'thr_1',
        messageId: 'msg_1',
        model: scripted(),
      }).body,
    );
    const withTool = await readAll(
      createAssistantStream({
        protocol: 'ui',
        question: 'q',
        sources,
        threadId: 'thr_1',
        messageId: 'msg_1',
        model: scripted(),
        searchToolParts: true,
      }).body,
    );
    expect(withTool).toBe(plain);
  });

  it('writes the UI message stream byte for byte, threadId only in message metadata', async () => {
    const stream = createAssistantStream({
      protocol: 'ui',
      question: 'How do I install the CLI?',
      sources: sources.slice(0, 1),
      threadId: 'thr_1',
      messageId: 'msg_1',
      model: scripted(),
    });
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['x-vercel-ai-ui-message-stream']).toBe('v1');
    expect(await readAll(stream.body)).toMatchInlineSnapshot(`
      "data: {"type":"start","messageId":"msg_1","messageMetadata":{"threadId":"thr_1"}}

      data: {"type":"source-url","sourceId":"src_1","url":"https://docs.example.com/quickstart#install","title":"Quickstart"}

      data: {"type":"text-start","id":"txt_0"}

      data: {"type":"text-delta","id":"txt_0","delta":"Install the CLI with npm i -g example-cli [1]. "}

      data: {"type":"text-end","id":"txt_0"}

      data: {"type":"finish","messageMetadata":{"threadId":"thr_1"}}

      data: [DONE]

      "
    `);
  });

  it('is read by AI SDK 6 readUIMessageStream: text, sources and threadId', async () => {
    const stream = createAssistantStream({
      protocol: 'ui',
      question: 'How do I install the CLI?',
      sources,
      threadId: 'thr_9',
      messageId: 'msg_9',
      model: createExtractiveModel(),
    });
    const chunks = parseJsonEventStream({ stream: stream.body, schema: uiMessageChunkSchema }).pipeThrough(
      new TransformStream<{ success: boolean; value?: UIMessageChunk; error?: unknown }, UIMessageChunk>({
        transform(result, controller) {
          if (!result.success) throw result.error;
          controller.enqueue(result.value as UIMessageChunk);
        },
      }),
    );
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: chunks })) last = message;
    const text = last?.parts
      .filter((part) => part.type === 'text')
      .map((part) => part.text)
      .join('');
    expect(text).toContain('npm i -g example-cli [1]');
    expect(last?.parts.filter((part) => part.type === 'source-url').map((part) => part.url)).toEqual(
      sources.map((source) => source.url),
    );
    expect(last?.metadata).toEqual({ threadId: 'thr_9' });
  });

  it('is read by AI SDK 4 processDataStream: text, sources and the finish annotation', async () => {
    const stream = createAssistantStream({
      protocol: 'data',
      question: 'How do I install the CLI?',
      sources,
      threadId: 'thr_4',
      messageId: 'msg_4',
      model: createExtractiveModel(),
    });
    let text = '';
    const seenSources: string[] = [];
    const annotations: unknown[] = [];
    let finishReason: string | undefined;
    await processDataStream({
      stream: stream.body,
      onTextPart: (part) => {
        text += part;
      },
      onSourcePart: (part) => {
        seenSources.push(part.url);
      },
      onMessageAnnotationsPart: (part) => {
        annotations.push(...part);
      },
      onFinishMessagePart: (part) => {
        finishReason = part.finishReason;
      },
    });
    expect(text).toContain('npm i -g example-cli [1]');
    expect(seenSources).toEqual(sources.map((source) => source.url));
    expect(annotations).toContainEqual({ type: 'finish', threadId: 'thr_4' });
    expect(finishReason).toBe('stop');
  });

  it('ends with an error part, not server internals, when the model fails mid-stream', async () => {
    const failing = modelStreaming([
      { type: 'stream-start', warnings: [] },
      { type: 'error', error: new Error('upstream 500 at db.internal:5432') },
    ]);
    const body = await readAll(
      createAssistantStream({
        protocol: 'data',
        question: 'q?',
        sources: [],
        threadId: 'thr_1',
        messageId: 'msg_1',
        model: failing,
      }).body,
    );
    expect(body).toContain('3:"The assistant could not complete the answer. Please try again."');
    expect(body).not.toContain('db.internal');
    const ui = await readAll(
      createAssistantStream({
        protocol: 'ui',
        question: 'q?',
        sources: [],
        threadId: 'thr_1',
        messageId: 'msg_1',
        model: failing,
      }).body,
    );
    expect(ui).toContain(
      '{"type":"error","errorText":"The assistant could not complete the answer. Please try again."}',
    );
    expect(ui.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it("sends parts produced in one turn as one chunk, and a slow model's deltas as they come", async () => {
    const chunksOf = async (
      body: ReadableStream<Uint8Array>,
      onChunk: (chunk: string) => void = () => undefined,
    ): Promise<string[]> => {
      const chunks: string[] = [];
      const decoder = new TextDecoder();
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        chunks.push(decoder.decode(chunk));
        onChunk(chunks.at(-1) as string);
      }
      return chunks;
    };
    const immediate = await chunksOf(
      createAssistantStream({
        protocol: 'data',
        question: 'How do I install the CLI?',
        sources,
        threadId: 'thr_1',
        messageId: 'msg_1',
        model: createExtractiveModel(),
      }).body,
    );
    expect(immediate.length).toBeLessThanOrEqual(2);
    expect(immediate.join('')).toMatch(/^f:.*\nh:.*\nh:.*\n0:.*\n(?:0:.*\n)*8:.*\n2:.*\ne:.*\nd:.*\n$/s);

    // The model sends its second delta only once the client has read the first: a stream that held deltas back would never end.
    let firstPartRead!: () => void;
    const clientReadFirstPart = new Promise<void>((resolve) => (firstPartRead = resolve));
    const slow: LanguageModelV3 = {
      ...scripted(),
      doStream: async () => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          async start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 'a' });
            controller.enqueue({ type: 'text-delta', id: 'a', delta: 'First part. ' });
            await clientReadFirstPart;
            controller.enqueue({ type: 'text-delta', id: 'a', delta: 'Second part. ' });
            controller.enqueue({ type: 'text-end', id: 'a' });
            controller.enqueue({
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: {
                inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
                outputTokens: { total: 0, text: 0, reasoning: undefined },
              },
            });
            controller.close();
          },
        }),
      }),
    };
    const streamed = await chunksOf(
      createAssistantStream({
        protocol: 'data',
        question: 'q?',
        sources: [],
        threadId: 'thr_1',
        messageId: 'msg_1',
        model: slow,
      }).body,
      (chunk) => {
        if (chunk.includes('First part.')) firstPartRead();
      },
    );
    expect(streamed.join('')).toContain('0:"First part. "\n0:"Second part. "\n');
  });
});

describe('extractive answer model', () => {
  it('answers from the most relevant sentences with citations, in several deltas: one per sentence', async () => {
    const deltasFor = async (question: string): Promise<string[]> => {
      const body = await readAll(
        createAssistantStream({
          protocol: 'data',
          question,
          sources,
          threadId: 't',
          messageId: 'm',
          model: createExtractiveModel(),
        }).body,
      );
      return body
        .split('\n')
        .filter((line) => line.startsWith('0:'))
        .map((line) => JSON.parse(line.slice(2)) as string);
    };
    expect(await deltasFor('Which environment variable skips login in CI?')).toEqual([
      'Set EXAMPLE_TOKEN to skip the login step in CI [2]. ',
    ]);
    expect(await deltasFor('How do I install the CLI and which Node version does it need?')).toEqual([
      'Install the CLI with npm i -g example-cli [1]. ',
      'The CLI needs Node 20 or later [1]. ',
    ]);
  });

  it('says so when no source is relevant', async () => {
    const body = await readAll(
      createAssistantStream({
        protocol: 'data',
        question: 'What is the refund policy for hardware?',
        sources,
        threadId: 't',
        messageId: 'm',
        model: createExtractiveModel(),
      }).body,
    );
    expect(body).toContain(JSON.stringify(NOT_FOUND_ANSWER));
    const empty = await readAll(
      createAssistantStream({
        protocol: 'data',
        question: 'How do I install?',
        sources: [],
        threadId: 't',
        messageId: 'm',
        model: createExtractiveModel(),
      }).body,
    );
    expect(empty).toContain(JSON.stringify(NOT_FOUND_ANSWER));
  });
});

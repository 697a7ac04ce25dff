import {
  parseJsonEventStream,
  readUIMessageStream,
  uiMessageChunkSchema,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { describe, expect, it } from 'vitest';
import type { AssistantSource } from '../../runtime/assistant/assistant-prompt.ts';
import { createAssistantStream } from '../../runtime/assistant/create-assistant-stream.ts';
import {
  DroppedStreamError,
  readAnswerStream,
  StreamErrorPart,
  type ChatMessage,
} from '../../web/ui-message-stream.ts';
import { scriptedModel } from '../reliability/scripted-model.ts';

const sources: AssistantSource[] = [
  {
    id: 'src_1',
    url: 'https://docs.example.com/quickstart#install',
    title: 'Quickstart › Install',
    path: 'quickstart',
    anchor: 'install',
    text: 'Install the CLI with npm i -g example-cli.',
    snippet: '',
    breadcrumb: ['Guides', 'Start'],
  },
  {
    id: 'src_2',
    url: 'https://docs.example.com/billing',
    title: 'Billing',
    path: 'billing',
    anchor: '',
    text: 'Invoices are emailed monthly.',
    snippet: '',
  },
];

/** The server's UI message stream bytes for an answer made of `deltas`. */
async function serverBytes(deltas: string[], answerSources = sources): Promise<Uint8Array> {
  const stream = createAssistantStream({
    protocol: 'ui',
    question: 'q',
    sources: answerSources,
    threadId: 'thr_1',
    messageId: 'msg_1',
    model: scriptedModel({ deltas }),
  });
  return new Uint8Array(await new Response(stream.body).arrayBuffer());
}

/** The bytes as a stream of `size`-byte chunks: events split anywhere, as a network delivers them. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let start = 0; start < bytes.length; start += size) controller.enqueue(bytes.slice(start, start + size));
      controller.close();
    },
  });
}

function emptyAnswer(): ChatMessage {
  return { id: '', role: 'assistant', text: '', sources: [], metadata: {}, state: 'streaming' };
}

async function readWithTheSdk(bytes: Uint8Array): Promise<UIMessage | undefined> {
  const chunks = parseJsonEventStream({
    stream: chunked(bytes, bytes.length),
    schema: uiMessageChunkSchema,
  }).pipeThrough(
    new TransformStream<{ success: boolean; value?: UIMessageChunk }, UIMessageChunk>({
      transform: (result, controller) => void (result.success && result.value && controller.enqueue(result.value)),
    }),
  );
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: chunks })) last = message;
  return last;
}

describe("the widget's reading of the UI message stream", () => {
  it('reads what the AI SDK reads: id, text, sources with their breadcrumb, thread id; however the bytes are split', async () => {
    const bytes = await serverBytes(['Install the CLI ', 'with npm i -g example-cli [1]. ', 'Ünïcödé ✓']);
    const sdk = await readWithTheSdk(bytes);
    for (const size of [1, 7, bytes.length]) {
      const answer = emptyAnswer();
      let updates = 0;
      await readAnswerStream(chunked(bytes, size), answer, () => (updates += 1));
      expect(answer.id).toBe(sdk?.id);
      expect(answer.text).toBe(sdk?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''));
      expect(answer.sources.map(({ url, title }) => ({ url, title }))).toEqual(
        sdk?.parts.flatMap((part) => (part.type === 'source-url' ? [{ url: part.url, title: part.title }] : [])),
      );
      expect(answer.sources.map((source) => source.number)).toEqual([1, 2]);
      expect(answer.sources.map((source) => source.breadcrumb)).toEqual([['Guides', 'Start'], []]);
      expect(answer.metadata).toEqual(sdk?.metadata);
      expect(answer.metadata).toEqual({ threadId: 'thr_1' });
      expect(answer.state).toBe('done');
      expect(updates).toBeGreaterThan(3);
    }
  });

  it('marks an answer the docs do not hold (finish metadata notFound)', async () => {
    const answer = emptyAnswer();
    await readAnswerStream(
      chunked(await serverBytes(['I could not find this in the documentation.'], []), 64),
      answer,
      () => undefined,
    );
    expect(answer.metadata).toEqual({ threadId: 'thr_1', notFound: true });
  });

  it('rejects with the error part, and with DroppedStreamError when the stream ends before its finish part', async () => {
    const failing = createAssistantStream({
      protocol: 'ui',
      question: 'q',
      sources,
      threadId: 'thr_1',
      messageId: 'msg_1',
      model: scriptedModel({ fail: new Error('provider down') }),
    });
    await expect(readAnswerStream(failing.body, emptyAnswer(), () => undefined)).rejects.toThrow(StreamErrorPart);
    const bytes = await serverBytes(['A long answer. ', 'More.']);
    const cut = bytes.slice(0, new TextDecoder().decode(bytes).indexOf('"type":"text-end"'));
    const answer = emptyAnswer();
    await expect(readAnswerStream(chunked(cut, 16), answer, () => undefined)).rejects.toThrow(DroppedStreamError);
    expect(answer.text).toBe('A long answer. More.');
    const broken = new ReadableStream<Uint8Array>({
      start: (controller) => controller.error(new TypeError('network error')),
    });
    await expect(readAnswerStream(broken, emptyAnswer(), () => undefined)).rejects.toThrow(DroppedStreamError);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { callChatApi, type UIMessage } from '@ai-sdk/ui-utils';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

/** The platform's assistant embed example (mintlify/assistant-embed-example, `src/utils.js`): how it lists an answer's sources. */
function extractSources(parts: UIMessage['parts'] | undefined): { url: string; title: string }[] {
  return (parts ?? [])
    .filter((part) => part.type === 'tool-invocation' && part.toolInvocation.toolName === 'search')
    .flatMap((part) =>
      part.type === 'tool-invocation' && part.toolInvocation.state === 'result'
        ? (part.toolInvocation.result as { url?: string; path: string; metadata?: { title?: string } }[])
        : [],
    )
    .map((source) => ({ url: source.url || source.path, title: source.metadata?.title || source.path }));
}

/**
 * What `useChat` of AI SDK 4 runs for a submit (`callChatApi` over the data stream), with the embed example's
 * options: `body: {fp, retrievalPageSize}`, `streamProtocol: 'data'`, `sendExtraMessageFields: true`.
 */
async function askLikeTheEmbedExample(api: string, key: string, messages: UIMessage[]): Promise<UIMessage> {
  let answer: UIMessage | undefined;
  await callChatApi({
    api,
    body: { id: 'chat-1', messages, fp: 'anonymous', retrievalPageSize: 5 },
    streamProtocol: 'data',
    credentials: undefined,
    headers: { Authorization: `Bearer ${key}` },
    abortController: () => null,
    restoreMessagesOnFailure: () => undefined,
    onResponse: undefined,
    onUpdate: ({ message }) => {
      answer = message;
    },
    onFinish: undefined,
    onToolCall: undefined,
    generateId: () => `id-${Math.random().toString(36).slice(2)}`,
    fetch: undefined,
    lastMessage: messages.at(-1),
  });
  if (!answer) throw new Error('no answer streamed');
  return answer;
}

const userMessage = (id: string, text: string): UIMessage => ({
  id,
  role: 'user',
  content: text,
  parts: [{ type: 'text', text }],
});

describe("the platform's assistant embed example, unchanged (AI SDK 4 useChat over a real socket)", () => {
  let directory: string;
  const apps: FastifyInstance[] = [];
  const urls: Record<'plain' | 'searchTool', string> = { plain: '', searchTool: '' };
  let key: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-embed-'));
    await publishTestSite(path.join(directory, 'dist'), 'example', undefined, 'https://docs.example.com');
    key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
      domains: ['example'],
      org: 'org',
    }).key;
    for (const variant of ['plain', 'searchTool'] as const) {
      const app = await buildApp({
        artifactsDir: path.join(directory, 'dist'),
        dataDir: path.join(directory, `data-${variant}`),
        keysFile: path.join(directory, 'data', 'keys.json'),
        logger: false,
        searchToolParts: variant === 'searchTool',
      });
      apps.push(app);
      urls[variant] = `${await app.listen({ port: 0, host: '127.0.0.1' })}/v1/assistant/example/message`;
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await rm(directory, { recursive: true, force: true });
  });

  it('lists the sources from the `search` tool invocation when the server sends it (searchToolParts)', async () => {
    const answer = await askLikeTheEmbedExample(urls.searchTool, key, [
      userMessage('u1', 'Which variable skips the login in CI?'),
    ]);
    expect(answer.content).toContain('EXAMPLE_TOKEN');
    const sources = extractSources(answer.parts);
    expect(sources[0]).toEqual({
      url: 'https://docs.example.com/cli/configure#tokens-in-ci',
      title: 'Configure the CLI › Tokens in CI',
    });
    expect(sources.length).toBeGreaterThan(1);
  });

  it('accepts the follow-up, which sends the previous answer back with its tool invocation', async () => {
    const first = await askLikeTheEmbedExample(urls.searchTool, key, [userMessage('u1', 'How do I install the CLI?')]);
    expect(first.parts.some((part) => part.type === 'tool-invocation')).toBe(true);
    const followUp = await askLikeTheEmbedExample(urls.searchTool, key, [
      userMessage('u1', 'How do I install the CLI?'),
      first,
      userMessage('u2', 'Where does it read its settings from?'),
    ]);
    expect(followUp.content).toContain('config.toml');
    expect(extractSources(followUp.parts)[0]?.url).toBe('https://docs.example.com/cli/configure');
  });

  it('without searchToolParts the answer has source parts only, as DESIGN writes the wire (the example lists none)', async () => {
    const answer = await askLikeTheEmbedExample(urls.plain, key, [
      userMessage('u1', 'Which variable skips the login in CI?'),
    ]);
    expect(answer.content).toContain('EXAMPLE_TOKEN');
    expect(extractSources(answer.parts)).toEqual([]);
    expect(
      answer.parts.some(
        (part) => part.type === 'source' && part.source.url === 'https://docs.example.com/cli/configure#tokens-in-ci',
      ),
    ).toBe(true);
  });
});

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import type { StoredMessage } from '../../runtime/threads/thread-store.ts';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';
import { scriptedModel } from './scripted-model.ts';

const QUESTION = 'How do I install the CLI?';

describe('an answer that does not complete is visible, counted and marked', () => {
  let fixture: ReliabilityFixture;
  let adminKey: string;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
    adminKey = createKeyStore({ file: path.join(fixture.dataDir, 'keys.json') }).create({
      domains: ['example'],
      org: 'org-1',
      admin: true,
    }).key;
  });
  afterAll(() => fixture.cleanup());

  const threadMessages = async (app: FastifyInstance, fp: string): Promise<StoredMessage[]> => {
    const listed = await app.inject({
      url: `/v1/assistant/example/threads?fp=${fp}`,
      headers: { authorization: `Bearer ${fixture.keys[0]}` },
    });
    return (listed.json() as { threads: { messages: StoredMessage[] }[] }).threads.flatMap((thread) => thread.messages);
  };
  const failureCount = async (app: FastifyInstance, reason: string): Promise<number> => {
    const metrics = (await app.inject({ url: '/metrics' })).body;
    return Number(
      new RegExp(`^docsmith_answer_failures_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ??
        Number.NaN,
    );
  };
  const failuresReported = async (app: FastifyInstance): Promise<Record<string, number>> =>
    (
      (
        await app.inject({ url: '/v1/analytics/example/questions', headers: { authorization: `Bearer ${adminKey}` } })
      ).json() as { answerFailures: Record<string, number> }
    ).answerFailures;

  it('a model error: an error part, counted in /metrics and analytics, the question stored with the failure', async () => {
    const app = await fixture.build({
      limitStore: 'memory',
      dataDir: path.join(fixture.directory, 'model-error'),
      keysFile: path.join(fixture.dataDir, 'keys.json'),
      model: scriptedModel({ fail: Object.assign(new Error('upstream 502'), { statusCode: 502 }) }),
    });
    expect(await failureCount(app, 'model_error')).toBe(0);
    const response = await app.inject(
      askRequest(fixture.keys[0], { fp: 'broken', messages: [{ role: 'user', content: QUESTION }] }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('3:"The assistant could not complete the answer. Please try again."');
    expect(response.body).not.toContain('"finishReason"');
    expect(await failureCount(app, 'model_error')).toBe(1);
    expect(await failuresReported(app)).toEqual({ model_error: 1 });
    const [question, answer] = await threadMessages(app, 'broken');
    expect(question).toMatchObject({ role: 'user', text: QUESTION });
    expect(answer).toMatchObject({ role: 'assistant', text: '', incomplete: true, failure: 'model_error' });
  });

  it('a timeout: counted as such, and what was said before it is stored as incomplete', async () => {
    const app = await fixture.build({
      limitStore: 'memory',
      dataDir: path.join(fixture.directory, 'timeout'),
      keysFile: path.join(fixture.dataDir, 'keys.json'),
      modelTimeoutMs: 300,
      model: scriptedModel({ deltas: ['Install it with npm. '], hang: true }),
    });
    const response = await app.inject(
      askRequest(fixture.keys[0], { fp: 'slow', messages: [{ role: 'user', content: QUESTION }] }),
    );
    expect(response.body).toContain('0:"Install it with npm. "');
    expect(response.body).toContain('3:"The answer model did not respond within 0.3 s. Please try again."');
    expect(await failureCount(app, 'timeout')).toBe(1);
    expect(await failuresReported(app)).toEqual({ timeout: 1 });
    expect((await threadMessages(app, 'slow')).at(-1)).toMatchObject({
      role: 'assistant',
      text: 'Install it with npm. ',
      incomplete: true,
      failure: 'timeout',
    });
  });

  it('a complete answer is stored without a mark and counted as no failure', async () => {
    const app = await fixture.build({
      limitStore: 'memory',
      dataDir: path.join(fixture.directory, 'complete'),
      keysFile: path.join(fixture.dataDir, 'keys.json'),
      model: scriptedModel({ deltas: ['Install it with npm. '] }),
    });
    await app.inject(askRequest(fixture.keys[0], { fp: 'fine', messages: [{ role: 'user', content: QUESTION }] }));
    const answer = (await threadMessages(app, 'fine')).at(-1);
    expect(answer).toMatchObject({ role: 'assistant', text: 'Install it with npm. ' });
    expect(answer).not.toHaveProperty('incomplete');
    expect(answer).not.toHaveProperty('failure');
    expect(await failuresReported(app)).toEqual({});
  });

  it('an answer the client aborted is stored incomplete and not given to the next turn as a finished answer', async () => {
    const dataDir = path.join(fixture.directory, 'aborted');
    const keysFile = path.join(fixture.dataDir, 'keys.json');
    const hanging = await fixture.build({
      limitStore: 'memory',
      dataDir,
      keysFile,
      model: scriptedModel({ deltas: ['Half an answer about npm. '], hang: true }),
    });
    const url = await hanging.listen({ port: 0, host: '127.0.0.1' });
    const request = askRequest(fixture.keys[0], {
      fp: 'leaver',
      messages: [{ id: 'u1', role: 'user', content: QUESTION }],
    });
    const client = new AbortController();
    const response = await fetch(`${url}${request.url}`, {
      method: 'POST',
      headers: request.headers,
      body: request.payload,
      signal: client.signal,
    });
    const threadId = response.headers.get('x-thread-id') as string;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    while (!received.includes('Half an answer')) received += new TextDecoder().decode((await reader.read()).value);
    const messageId = /f:\{"messageId":"([^"]+)"/.exec(received)?.[1] as string;
    client.abort();
    let stored: StoredMessage | undefined;
    for (let attempt = 0; attempt < 100 && !stored; attempt += 1) {
      stored = (await threadMessages(hanging, 'leaver')).find((message) => message.role === 'assistant');
      if (!stored) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stored).toMatchObject({
      id: messageId,
      text: 'Half an answer about npm. ',
      incomplete: true,
      failure: 'client_aborted',
    });
    expect(await failureCount(hanging, 'client_aborted')).toBe(1);

    const capturing = scriptedModel({ deltas: ['Use npm. '] });
    const next = await fixture.build({ limitStore: 'memory', dataDir, keysFile, model: capturing });
    const history = [
      { id: 'u1', role: 'user', content: QUESTION },
      { id: messageId, role: 'assistant', content: 'Half an answer about npm. ' },
    ];
    await next.inject(
      askRequest(fixture.keys[0], {
        fp: 'leaver',
        threadId,
        messages: [...history, { id: 'u2', role: 'user', content: 'And with yarn?' }],
      }),
    );
    const followUp = JSON.stringify(capturing.doStreamCalls.at(-1)?.prompt);
    expect(followUp).toContain('And with yarn?');
    expect(followUp).toContain(`Previous question: ${QUESTION}`);
    expect(followUp).not.toContain('Half an answer');
    // The control: the completed answer of that turn is given to the turn after it.
    const finished = (await threadMessages(next, 'leaver')).at(-1) as StoredMessage;
    await next.inject(
      askRequest(fixture.keys[0], {
        fp: 'leaver',
        threadId,
        messages: [
          ...history,
          { id: 'u2', role: 'user', content: 'And with yarn?' },
          { id: finished.id, role: 'assistant', content: 'Use npm. ' },
          { id: 'u3', role: 'user', content: 'And pnpm?' },
        ],
      }),
    );
    expect(JSON.stringify(capturing.doStreamCalls.at(-1)?.prompt)).toContain('Previous answer: Use npm.');
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../runtime/http/metrics.ts';
import type { StoredMessage } from '../../runtime/threads/thread-store.ts';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';
import { scriptedModel } from './scripted-model.ts';

/** Opens an answer over a real socket and reads until `until` has arrived; resolves to the rest of the body as a promise. */
async function openAnswer(
  url: string,
  key: string,
  fp: string,
  until: string,
): Promise<{ received: string; rest: Promise<string> }> {
  const request = askRequest(key, { fp, messages: [{ role: 'user', content: 'How do I install the CLI?' }] });
  const response = await fetch(`${url}${request.url}`, {
    method: 'POST',
    headers: request.headers,
    body: request.payload,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let received = '';
  while (!received.includes(until)) received += decoder.decode((await reader.read()).value, { stream: true });
  const rest = (async () => {
    let text = received;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += decoder.decode(chunk.value, { stream: true });
    return text;
  })();
  return { received, rest };
}

describe('closing the server (SIGTERM) with answers in flight', () => {
  let fixture: ReliabilityFixture;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
  });
  afterAll(() => fixture.cleanup());

  const storedAnswers = async (dataDir: string, fp: string): Promise<StoredMessage[]> => {
    const reader = await fixture.build({
      limitStore: 'memory',
      dataDir,
      keysFile: path.join(fixture.dataDir, 'keys.json'),
    });
    const listed = await reader.inject({
      url: `/v1/assistant/example/threads?fp=${fp}`,
      headers: { authorization: `Bearer ${fixture.keys[0]}` },
    });
    return (listed.json() as { threads: { messages: StoredMessage[] }[] }).threads
      .flatMap((thread) => thread.messages)
      .filter((message) => message.role === 'assistant');
  };

  it('ends an answer still running after the grace period with an error part, stores what it said, and closes', async () => {
    const dataDir = path.join(fixture.directory, 'grace-over');
    const metrics = createMetrics();
    // The model would hang for the whole model timeout (60 s by default): only the grace period can end it.
    const app = await fixture.build({
      limitStore: 'memory',
      dataDir,
      keysFile: path.join(fixture.dataDir, 'keys.json'),
      metrics,
      shutdownGraceMs: 200,
      model: scriptedModel({ deltas: ['Install it with npm. '], hang: true }),
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await openAnswer(url, fixture.keys[0], 'draining', 'Install it with npm.');
    await app.close();
    const body = await answer.rest;
    expect(body).toContain('3:"The server is restarting and could not finish this answer. Please ask again."');
    expect(body).not.toContain('"finishReason"');
    expect(await metrics.render()).toMatch(/^docsmith_answer_failures_total\{reason="shutdown"\} 1$/m);
    expect(await storedAnswers(dataDir, 'draining')).toMatchObject([
      { text: 'Install it with npm. ', incomplete: true, failure: 'shutdown' },
    ]);
  });

  it('lets an answer that finishes within the grace period finish', async () => {
    const dataDir = path.join(fixture.directory, 'grace-enough');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const app = await fixture.build({
      limitStore: 'memory',
      dataDir,
      keysFile: path.join(fixture.dataDir, 'keys.json'),
      shutdownGraceMs: 30_000,
      model: scriptedModel({ deltas: ['Install it with npm. '], gate }),
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await openAnswer(url, fixture.keys[0], 'finisher', 'Install it with npm.');
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await closed;
    const body = await answer.rest;
    expect(body).toContain('d:{"finishReason":"stop"');
    expect(body).not.toContain('3:"');
    const [stored] = await storedAnswers(dataDir, 'finisher');
    expect(stored).toMatchObject({ text: 'Install it with npm. ' });
    expect(stored).not.toHaveProperty('incomplete');
  });
});

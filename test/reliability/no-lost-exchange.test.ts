import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../runtime/stores/open-sqlite.ts';
import { retryWhileBusy } from '../../runtime/stores/retry-while-busy.ts';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';
import { scriptedModel } from './scripted-model.ts';

const question = (text: string) => ({
  fp: 'keeper',
  messages: [{ id: `u-${text.length}`, role: 'user', content: text }],
});

describe('no exchange is lost silently', () => {
  let fixture: ReliabilityFixture;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
  });
  afterAll(() => fixture.cleanup());

  it('lists every accepted question after a restart, answered or not', async () => {
    const first = await fixture.build({ limitStore: 'memory', model: scriptedModel({ hang: true }) });
    const url = await first.listen({ port: 0, host: '127.0.0.1' });
    const texts = ['How do I install the CLI?', 'Where are invoices sent?', 'Which Node version is needed?'];
    for (const text of texts) {
      const request = askRequest(fixture.keys[0], question(text));
      const client = new AbortController();
      const response = await fetch(`${url}${request.url}`, {
        method: 'POST',
        headers: request.headers,
        body: request.payload,
        signal: client.signal,
      });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      client.abort();
    }
    await first.close();
    const second = await fixture.build({ limitStore: 'memory' });
    const listed = await second.inject({
      url: '/v1/assistant/example/threads?fp=keeper',
      headers: { authorization: `Bearer ${fixture.keys[0]}` },
    });
    const questions = (listed.json() as { threads: { messages: { role: string; text: string }[] }[] }).threads.flatMap(
      (thread) => thread.messages.filter((message) => message.role === 'user').map((message) => message.text),
    );
    expect(questions.sort()).toEqual([...texts].sort());
  });

  it('ends the stream with an error part and logs when the answer cannot be stored', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const modelAsked = new Promise<void>((resolve) => (asked = resolve));
    const lines: string[] = [];
    const app = await fixture.build({
      limitStore: 'memory',
      storeTimeoutMs: 300,
      model: scriptedModel({ deltas: ['Install it with npm. '], gate, started: () => asked() }),
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    const answer = app.inject(askRequest(fixture.keys[0], question('How do I install the CLI?')));
    // The model is asked only after the question is stored: the lock below can only stop the answer being stored.
    await modelAsked;
    // Another connection takes the write lock (in this process: no child to start, so no race with its start-up).
    const holder = openSqlite(path.join(fixture.dataDir, 'docsmith.sqlite'));
    await retryWhileBusy('lock holder', () => holder.exec('BEGIN IMMEDIATE'));
    try {
      release();
      const response = await answer;
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Install it with npm.');
      expect(response.body).toContain('3:"The answer could not be saved to the conversation. Please try again."');
      expect(response.body).not.toContain('"finishReason"');
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; reqId?: string; error?: { name: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'answer failed after streaming began',
        reqId: expect.any(String),
        error: expect.objectContaining({ name: 'StoreUnavailableError' }),
      }),
    );
    expect(lines.join('\n')).not.toContain('How do I install the CLI?');
  });
});

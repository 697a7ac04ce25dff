import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';
import { scriptedModel } from './scripted-model.ts';

const SECRET_QUESTION = 'How do I rotate the secret token zebra-4471?';

describe('private data stays private', () => {
  let fixture: ReliabilityFixture;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
  });
  afterAll(() => fixture.cleanup());

  it('creates the data folder 0700 and the database and keys files 0600', async () => {
    const dataDir = path.join(fixture.directory, 'fresh', 'data');
    const app = await fixture.build({ dataDir, limitStore: 'memory' });
    await app.inject({ url: '/healthz' });
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, 'docsmith.sqlite'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(fixture.dataDir, 'keys.json'))).mode & 0o777).toBe(0o600);
  });

  it('logs a model failure with the request id but without the prompt or the question', async () => {
    const failure = Object.assign(new Error('Bad Request'), {
      name: 'AI_APICallError',
      statusCode: 400,
      requestBodyValues: { messages: [{ role: 'user', content: SECRET_QUESTION }] },
      responseBody: `echo: ${SECRET_QUESTION}`,
    });
    const lines: string[] = [];
    const app = await fixture.build({
      limitStore: 'memory',
      model: scriptedModel({ fail: failure }),
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    const response = await app.inject(
      askRequest(fixture.keys[0], { fp: 'private', messages: [{ role: 'user', content: SECRET_QUESTION }] }),
    );
    expect(response.body).toContain('3:"The assistant could not complete the answer. Please try again."');
    const failed = lines
      .map((line) => JSON.parse(line) as { msg: string; reqId?: string; error?: Record<string, unknown> })
      .find((line) => line.msg === 'answer failed after streaming began');
    expect(failed).toMatchObject({
      reqId: expect.any(String),
      error: { name: 'AI_APICallError', message: 'Bad Request', statusCode: 400 },
    });
    expect(lines.join('\n')).not.toContain('zebra-4471');
  });

  it('answers /readyz 503 and logs when the database file is deleted, and refuses to write into it', async () => {
    const dataDir = path.join(fixture.directory, 'doomed', 'data');
    const lines: string[] = [];
    const app = await fixture.build({
      dataDir,
      keysFile: path.join(fixture.dataDir, 'keys.json'),
      limitStore: 'memory',
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await rm(path.join(dataDir, 'docsmith.sqlite'));
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe('store_unavailable');
    expect(lines.some((line) => line.includes('was deleted while in use'))).toBe(true);
    const ask = await app.inject(
      askRequest(fixture.keys[0], { fp: 'doomed', messages: [{ role: 'user', content: 'How do I install the CLI?' }] }),
    );
    expect(ask.statusCode).toBe(503);
  });
});

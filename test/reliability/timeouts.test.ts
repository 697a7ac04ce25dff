import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';
import { scriptedModel } from './scripted-model.ts';

/**
 * Sends raw bytes on a socket, `pauseMs` apart; resolves once the socket closes with what the server answered and
 * how many of the bytes were sent by then (fewer than all: the server cut the client off).
 */
async function trickle(
  url: string,
  head: string,
  bodyBytes: string,
  pauseMs: number,
): Promise<{ answer: string; bytesSent: number }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(head);
  let timer: NodeJS.Timeout | undefined;
  let index = 0;
  const next = (): void => {
    if (index >= bodyBytes.length || socket.destroyed) return;
    socket.write(bodyBytes[index] ?? '');
    index += 1;
    timer = setTimeout(next, pauseMs);
  };
  next();
  await closed;
  clearTimeout(timer);
  return { answer, bytesSent: index };
}

describe('timeouts', () => {
  let fixture: ReliabilityFixture;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    fixture = await createReliabilityFixture();
    app = await fixture.build({
      limitStore: 'memory',
      bodyTimeoutMs: 1000,
      timeouts: { headersTimeoutMs: 1000, requestTimeoutMs: 3000 },
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => fixture.cleanup());

  it('cuts a body arriving one byte every 2 s with 408 request_timeout', async () => {
    const body = JSON.stringify({ fp: 'slow', messages: [{ role: 'user', content: 'How do I install the CLI?' }] });
    const head = `POST /v1/assistant/example/message HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${fixture.keys[0]}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, bytesSent } = await trickle(url, head, body, 2000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"code":"request_timeout"');
    expect(bytesSent).toBeLessThan(body.length);
  });

  it('survives the body timeout of a request already refused as too large (413), its socket still open', async () => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown): void => void uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const size = 2 * 1024 * 1024;
      socket.write(
        `POST /v1/assistant/example/message HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${fixture.keys[0]}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      );
      socket.write(`{"fp":"big","messages":[{"role":"user","content":"${'a'.repeat(size - 64)}`);
      await new Promise((resolve) => setTimeout(resolve, 1800));
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(uncaught).toEqual([]);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      process.off('uncaughtException', onUncaught);
      socket.destroy();
    }
  });

  it('cuts a client that never finishes its headers', async () => {
    const header = 'X-Slow: 1\r\n';
    const { answer, bytesSent } = await trickle(url, 'GET /healthz HTTP/1.1\r\nHost: x\r\n', header, 2000);
    expect(answer).toMatch(/^HTTP\/1\.1 408|^$/);
    if (answer !== '') expect(answer).toContain('"code":"request_timeout"');
    expect(bytesSent).toBeLessThan(header.length);
  });

  it('ends the answer with a clear error when the model exceeds its timeout', async () => {
    const slow = await fixture.build({
      limitStore: 'memory',
      modelTimeoutMs: 300,
      model: scriptedModel({ hang: true }),
    });
    const response = await slow.inject(
      askRequest(fixture.keys[0], { fp: 'fp', messages: [{ role: 'user', content: 'How do I install the CLI?' }] }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('3:"The answer model did not respond within 0.3 s. Please try again."');
  });
});

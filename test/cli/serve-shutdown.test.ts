import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

const cli = path.resolve(import.meta.dirname, '../../bin/docsmith.js');

/** An OpenAI-compatible server that streams one delta and then never finishes (until the test ends). */
async function hangingModelServer(): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'stub', choices: [{ index: 0, delta: { role: 'assistant', content: 'Install it with npm. ' }, finish_reason: null }] })}\n\n`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

/** Starts the compiled `docsmith serve` and resolves to its API and metrics addresses once both listen. */
async function startServe(
  environment: Record<string, string>,
  args: string[],
): Promise<{ child: ChildProcess; api: string; metrics: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--metrics-port', '0', ...args], {
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const addresses: string[] = [];
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const address = /(?:Server|Metrics) listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
        if (address) addresses.push(address);
      }
      if (addresses.length === 2) resolve();
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return { child, api: addresses[0] as string, metrics: addresses[1] as string, exited };
}

describe(
  'docsmith serve: metrics on their own port, and SIGTERM within the shutdown grace',
  { timeout: 30_000 },
  () => {
    let directory: string;
    let model: { server: Server; baseUrl: string };
    beforeAll(async () => {
      directory = await mkdtemp(path.join(tmpdir(), 'docsmith-serve-shutdown-'));
      await publishTestSite(path.join(directory, 'dist'), 'example');
      model = await hangingModelServer();
    });
    afterAll(async () => {
      model.server.closeAllConnections();
      await new Promise((resolve) => model.server.close(resolve));
      await rm(directory, { recursive: true, force: true });
    });

    it('ends the answer in flight with an error part after --shutdown-grace, and exits 0 long before the model timeout', async () => {
      const key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
        domains: ['example'],
        org: 'org',
      }).key;
      const serve = await startServe(
        {
          ASSISTANT_LLM_BASE_URL: model.baseUrl,
          DOCSMITH_MODEL_TIMEOUT_MS: '600000',
          DOCSMITH_METRICS_TOKEN: 'scrape-me',
        },
        [
          '--artifacts',
          path.join(directory, 'dist'),
          '--data',
          path.join(directory, 'data'),
          '--shutdown-grace',
          '300',
        ],
      );
      try {
        expect((await fetch(`${serve.api}/metrics`)).status).toBe(404);
        expect((await fetch(`${serve.metrics}/metrics`)).status).toBe(401);
        expect(
          await (await fetch(`${serve.metrics}/metrics`, { headers: { authorization: 'Bearer scrape-me' } })).text(),
        ).toContain('docsmith_answer_failures_total');
        const response = await fetch(`${serve.api}/v1/assistant/example/message`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ fp: 'sigterm', messages: [{ role: 'user', content: 'How do I install the CLI?' }] }),
        });
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        let body = '';
        while (!body.includes('Install it with npm.')) body += new TextDecoder().decode((await reader.read()).value);
        serve.child.kill('SIGTERM');
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
          body += new TextDecoder().decode(chunk.value);
        expect(body).toContain('3:"The server is restarting and could not finish this answer. Please ask again."');
        expect(await serve.exited).toBe(0);
      } finally {
        serve.child.kill('SIGKILL');
      }
    });
  },
);

import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cli = path.resolve(import.meta.dirname, '../../bin/docsmith.js');

/** Starts the compiled `docsmith serve` on a free port and resolves to its log lines up to "Server listening", then stops it. */
async function startupLog(
  artifacts: string,
  data: string,
): Promise<{ level: number; msg: string; artifacts?: string }[]> {
  const child = spawn(process.execPath, [cli, 'serve', '--artifacts', artifacts, '--data', data, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Server listening')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
    });
  } finally {
    child.kill('SIGTERM');
  }
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; artifacts?: string });
}

describe('docsmith serve start-up log', { timeout: 30_000 }, () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-serve-log-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });
  /** The compiled CLI's `serve` over the empty artifacts folder and its data folder, then `options`. */
  const serveArguments = (...options: string[]): string[] => [
    cli,
    'serve',
    '--artifacts',
    directory,
    '--data',
    path.join(directory, 'data'),
    ...options,
  ];

  it('warns that the artifacts folder does not exist, or that it has no published domain', async () => {
    const missing = path.join(directory, 'missing');
    const warnings = (await startupLog(missing, path.join(directory, 'data'))).filter((line) => line.level === 40);
    expect(warnings).toMatchObject([
      {
        artifacts: missing,
        msg: 'the artifacts folder does not exist (yet); publish one with `docsmith build <site> --publish`',
      },
    ]);
    const empty = (await startupLog(directory, path.join(directory, 'data'))).filter((line) => line.level === 40);
    expect(empty).toMatchObject([
      {
        artifacts: directory,
        msg: 'the artifacts folder has no published domain; publish one with `docsmith build <site> --publish`',
      },
    ]);
  });

  it('on a port in use, says so in one line and logs no warning or error after it (exit 1)', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    const result = await promisify(execFile)(
      process.execPath,
      serveArguments('--host', '127.0.0.1', '--port', String(port)),
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    busy.close();
    expect('code' in result ? result.code : 0).toBe(1);
    expect(result.stderr).toBe(
      `docsmith serve: cannot listen on 127.0.0.1:${port} (the port is in use; pass --port or set PORT)\n`,
    );
    const levels = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(levels.filter((line) => line.level >= 40 && !line.msg.startsWith('the artifacts folder'))).toEqual([]);
  });

  it('refuses an invalid assistant settings file before listening, naming the member (exit 2, no stack trace)', async () => {
    const settings = path.join(directory, 'assistant-settings.json');
    await writeFile(settings, JSON.stringify({ domains: { acme: { starterQuestions: ['1', '2', '3', '4'] } } }));
    const child = spawn(process.execPath, serveArguments('--port', '0', '--assistant-settings', settings), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toBe(
      `docsmith serve: ${settings}: /domains/acme/starterQuestions must NOT have more than 3 items\n`,
    );
  });
});

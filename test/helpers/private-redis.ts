import { tmpdir } from 'node:os';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Whether a `redis-server` binary is on the PATH (tests that start their own instance need it). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a throw-away redis-server (the caller kills it), with extra arguments; resolves once it accepts connections. */
export async function startRedis(port: number, extraArguments: string[] = []): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--save',
      '',
      '--appendonly',
      'no',
      '--bind',
      '127.0.0.1',
      // No database file to load: a dump.rdb left in the working folder would hand a cluster node the slots of its keys.
      '--dir',
      tmpdir(),
      '--dbfilename',
      `docsmith-test-${port}-${process.pid}.rdb`,
      ...extraArguments,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  await new Promise<void>((resolve) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  return child;
}

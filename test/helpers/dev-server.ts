import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CLI = path.resolve(import.meta.dirname, '../../bin/docsmith.js');

/** A `docsmith dev` process (the compiled CLI) on a copy of a site, on a free port. */
export interface DevServer {
  /** The copy of the site the server watches; edit its files to trigger builds. */
  site: string;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  domain: string;
  /** Everything the process printed on stdout so far. */
  output(): string;
  /** Resolves once stdout, after the first `from` characters, matches `pattern`; rejects if the process exits first. */
  waitForOutput(pattern: RegExp, from?: number): Promise<RegExpMatchArray>;
  /** Stops the process (SIGTERM) and resolves to its exit code; removes the copy of the site. */
  stop(): Promise<number | null>;
}

/**
 * Copies `siteDir` into a temporary folder, starts `docsmith dev` on it (on its docs.json with `configFile`) and waits
 * for its first build.
 */
export async function startDevServer(
  siteDir: string,
  domain = 'site',
  { configFile = false }: { configFile?: boolean } = {},
): Promise<DevServer> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'docsmith-dev-test-'));
  const site = path.join(workDir, domain);
  await cp(siteDir, site, { recursive: true });
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [CLI, 'dev', configFile ? path.join(site, 'docs.json') : site, '--port', '0'],
    {
      env: { ...process.env, XDG_CACHE_HOME: path.join(workDir, 'cache') },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const waitForOutput = (pattern: RegExp, from = 0): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const match = stdout.slice(from).match(pattern);
        if (match) resolve(match);
        return match !== null;
      };
      if (check()) return;
      const onData = (): void => {
        if (check()) child.stdout.off('data', onData);
      };
      child.stdout.on('data', onData);
      void exited.then((code) =>
        reject(new Error(`docsmith dev exited with ${code} before printing ${pattern}:\n${stdout}\n${stderr}`)),
      );
    });
  const origin = (await waitForOutput(/^Playground: (http:\/\/127\.0\.0\.1:\d+)\/playground/m))[1] as string;
  await waitForOutput(/ built \d+ pages? in /);
  return {
    site,
    origin,
    domain,
    output: () => stdout,
    waitForOutput,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      await rm(workDir, { recursive: true, force: true });
      return code;
    },
  };
}

import { spawn } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRoot } from '../helpers/source-files.ts';

/** A runnable example: the fenced `sh` blocks of a section, joined. */
interface QuickPath {
  file: string;
  script: string;
}

/**
 * The fenced `sh` blocks under a `## <heading>` of a Markdown text, up to the next heading of level 2 or above
 * (blocks fenced as `bash`, `text` or anything else are illustrations and are not run).
 */
function shBlocksUnder(text: string, heading: string): string[] {
  const start = text.search(new RegExp(`^## ${heading}\\s*$`, 'm'));
  if (start < 0) return [];
  const rest = text.slice(start + 3);
  const end = rest.search(/^#{1,2} /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] as string);
}

/** The README's quick start and every docs page's quick path. */
async function quickPaths(): Promise<QuickPath[]> {
  const found: QuickPath[] = [];
  const readme = shBlocksUnder(await readFile(path.join(checkoutRoot, 'README.md'), 'utf8'), 'Quick start');
  if (readme.length > 0) found.push({ file: 'README.md', script: readme.join('\n') });
  const pages = (await readdir(path.join(checkoutRoot, 'docs'), { recursive: true })).filter((file) => /\.mdx?$/.test(file)).sort();
  for (const page of pages) {
    const blocks = shBlocksUnder(await readFile(path.join(checkoutRoot, 'docs', page), 'utf8'), 'Quick path');
    if (blocks.length > 0) found.push({ file: `docs/${page}`, script: blocks.join('\n') });
  }
  return found;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The script with each port it names (`127.0.0.1:8080`, `--port 3000`) moved to a free one; serve's default port too. */
async function onFreePorts(script: string): Promise<{ script: string; servePort: number }> {
  const ports = new Set([...script.matchAll(/(?:127\.0\.0\.1:|--port )(\d+)/g)].map((match) => match[1] as string));
  let moved = script;
  const map = new Map<string, number>();
  for (const port of [...ports, '8080']) if (!map.has(port)) map.set(port, await freePort());
  for (const [port, free] of map) moved = moved.replaceAll(`127.0.0.1:${port}`, `127.0.0.1:${free}`).replaceAll(`--port ${port}`, `--port ${free}`);
  return { script: moved, servePort: map.get('8080') as number };
}

const paths = await quickPaths();

describe('the quick paths of the README and the guides run as written (compiled CLI, in a temporary folder)', { timeout: 180_000 }, () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'docsmith-quick-paths-'));
    await mkdir(path.join(workDir, 'bin'));
    await writeFile(path.join(workDir, 'bin', 'docsmith'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(checkoutRoot, 'bin', 'docsmith.js')}" "$@"\n`);
    await chmod(path.join(workDir, 'bin', 'docsmith'), 0o755);
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('finds the README\'s quick start and the guides\' quick paths', () => {
    expect(paths.map((quickPath) => quickPath.file)).toEqual(expect.arrayContaining(['README.md', 'docs/quickstart.mdx', 'docs/guides/dev.mdx', 'docs/guides/ci-releases.mdx']));
  });

  it.each(paths.map((quickPath) => [quickPath.file, quickPath] as const))('%s', async (_file, quickPath) => {
    const folder = await mkdtemp(path.join(workDir, 'run-'));
    await cp(path.join(checkoutRoot, 'sites', 'acme'), path.join(folder, 'sites', 'acme'), { recursive: true });
    await cp(path.join(checkoutRoot, 'docs'), path.join(folder, 'docs'), { recursive: true });
    const { script, servePort } = await onFreePorts(quickPath.script);
    const environment: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.join(workDir, 'bin')}:${process.env.PATH ?? ''}`, PORT: String(servePort), XDG_CACHE_HOME: path.join(folder, '.cache') };
    for (const name of ['REDIS_URL', 'ASSISTANT_LLM_BASE_URL', 'DOCSMITH_DATA', 'DOCSMITH_ARTIFACTS', 'DOCSMITH_EMBEDDINGS_URL', 'HOST']) delete environment[name];
    // Servers started with `&` are stopped when the script ends, whatever its outcome.
    const wrapped = `set -euo pipefail\ntrap 'status=$?; jobs -p | xargs -r kill 2>/dev/null; wait; exit $status' EXIT\n${script}\n`;
    const child = spawn('bash', ['-c', wrapped], { cwd: folder, env: environment });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, `${quickPath.file} failed:\n${script}\n--- output ---\n${output}`).toBe(0);
  });
});

// Rehearses the Docker image's runtime stage without a Docker engine: in a temporary folder it does what the
// Dockerfile's deps and runtime stages do — `npm ci --omit=dev`, the uninstall of scripts/runtime-excluded-packages.txt,
// lib/ web/dist bin/ copied in — then runs `docsmith --version`, `keys create`, `mcp` and `serve` there on a published build
// and asks the assistant a question over HTTP. Fails when a removed package is still installed, when the runtime
// loads a `.ts` file or anything outside the folder, or when a command fails. Needs `npm run build` and the npm
// registry (or npm's cache). The native better-sqlite3 binary is the checkout's (same version, same Node): the
// image compiles it in its deps stage, which needs a compiler and Node's headers, not a rehearsal.
//   node scripts/rehearse-image.mjs [--keep]
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, excludedPackageProblems, readExcludedPackages } from './runtime-packages.mjs';

const NATIVE_SQLITE = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
const QUESTION = 'How do I install the CLI?';

/**
 * Runs the rehearsal and resolves to what it saw; rejects with the first step that failed. `log` receives one
 * line per step (default: nothing); `keep` leaves the folder in place for inspection (default false).
 */
export async function rehearseImage({ log = () => {}, keep = false } = {}) {
  const problems = excludedPackageProblems();
  if (problems.length > 0)
    throw new Error(`scripts/runtime-excluded-packages.txt is out of step with the code:\n  ${problems.join('\n  ')}`);
  const excluded = readExcludedPackages();
  const app = await mkdtemp(path.join(tmpdir(), 'docsmith-image-'));
  try {
    log(`image folder ${app}`);
    for (const file of ['package.json', 'package-lock.json']) await cp(path.join(ROOT, file), path.join(app, file));
    log('npm ci --omit=dev --ignore-scripts');
    await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: app });
    await cp(path.join(ROOT, NATIVE_SQLITE), path.join(app, NATIVE_SQLITE));
    log(`npm uninstall ${excluded.join(' ')}`);
    await run('npm', ['uninstall', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', ...excluded], {
      cwd: app,
    });
    for (const folder of ['lib', 'web/dist', 'bin'])
      await cp(path.join(ROOT, folder), path.join(app, folder), { recursive: true });

    const installed = await installedPackages(path.join(app, 'node_modules'));
    const leftOver = excluded.filter((name) => installed.has(name));
    if (leftOver.length > 0) throw new Error(`removed packages still installed: ${leftOver.join(', ')}`);
    const buildTools = ['typescript', 'tsx', 'esbuild', 'vitest'].filter((name) => installed.has(name));
    if (buildTools.length > 0) throw new Error(`development packages installed: ${buildTools.join(', ')}`);
    if (!existsSync(path.join(app, NATIVE_SQLITE))) throw new Error(`${NATIVE_SQLITE} is gone after npm uninstall`);

    const traceFile = path.join(app, 'loaded-modules.txt');
    const tracer = await writeLoadTracer(app, traceFile);
    const artifacts = path.join(app, 'artifacts');
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DOCSMITH_ARTIFACTS: artifacts,
      DOCSMITH_DATA: path.join(app, 'data'),
      HOST: '127.0.0.1',
      PORT: '0',
    };
    delete env.REDIS_URL;
    const docsmith = (args) =>
      run(process.execPath, ['--import', tracer, 'bin/docsmith.js', ...args], { cwd: app, env });

    const version = (await docsmith(['--version'])).stdout.trim();
    if (!/^\d+\.\d+\.\d+/.test(version)) throw new Error(`docsmith --version printed ${JSON.stringify(version)}`);
    log(`docsmith --version: ${version}`);
    // The image serves builds made elsewhere: the checkout's CLI builds and publishes one.
    await run(
      process.execPath,
      [
        path.join(ROOT, 'bin/docsmith.js'),
        'build',
        path.join(ROOT, 'sites/acme'),
        '--out',
        path.join(artifacts, 'acme'),
        '--publish',
        '--quiet',
        '--no-cache',
        '--threads',
        '1',
      ],
      { cwd: ROOT },
    );
    const key = (await docsmith(['keys', 'create', '--domain', 'acme', '--org', 'acme'])).stdout.trim();
    if (!key) throw new Error('docsmith keys create printed no key');
    log('docsmith keys create: a key');
    // stdin is closed at once: the stdio MCP server loads the build, says so on stderr and ends.
    const mcp = await docsmith(['mcp', artifacts, '--domain', 'acme']);
    if (!mcp.stderr.includes('serving Acme Relay (acme'))
      throw new Error(`docsmith mcp printed ${JSON.stringify(mcp.stderr)}`);
    log('docsmith mcp: serves the site over stdio');
    const answer = await askServe(app, tracer, env, key);
    log(`docsmith serve: ${answer.chunks} chunks, ${answer.body.length} bytes`);

    const loaded = (await readFile(traceFile, 'utf8')).split('\n').filter(Boolean);
    const appUrl = pathToFileURL(app).href;
    const typescript = loaded.filter((url) => /\.[cm]?ts$/.test(new URL(url).pathname));
    if (typescript.length > 0) throw new Error(`TypeScript files loaded: ${typescript.join(', ')}`);
    const outside = loaded.filter((url) => url.startsWith('file:') && !url.startsWith(`${appUrl}/`));
    if (outside.length > 0)
      throw new Error(`modules loaded from outside the image folder: ${outside.slice(0, 5).join(', ')}`);
    return { version, modules: loaded.length, answer };
  } finally {
    if (!keep) await rm(app, { recursive: true, force: true });
  }
}

/** Starts `docsmith serve` on a free port, asks one question, stops it; resolves to the streamed answer. */
async function askServe(app, tracer, env, key) {
  const server = spawn(
    process.execPath,
    ['--import', tracer, 'bin/docsmith.js', 'serve', '--port', '0', '--host', '127.0.0.1'],
    { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    const address = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`docsmith serve did not listen within 30 s:\n${output}`)),
        30_000,
      );
      const read = (chunk) => {
        output += chunk;
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (listening) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      };
      server.stdout.on('data', read);
      server.stderr.on('data', read);
      void exited.then((code) => reject(new Error(`docsmith serve exited with ${code}:\n${output}`)));
    });
    const response = await fetch(`${address}/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fp: 'image-rehearsal', messages: [{ id: 'm1', role: 'user', content: QUESTION }] }),
    });
    let body = '';
    let chunks = 0;
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      chunks += 1;
      body += decoder.decode(chunk, { stream: true });
    }
    if (response.status !== 200 || !body.includes('0:"') || !body.includes('"type":"finish"')) {
      throw new Error(`POST /v1/assistant/acme/message answered ${response.status}: ${body.slice(0, 500)}\n${output}`);
    }
    return { status: response.status, chunks, body };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

/** A module that records the URL of every ES module Node loads into `traceFile`; resolves to its path for `--import`. */
async function writeLoadTracer(app, traceFile) {
  const folder = path.join(app, 'rehearsal');
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'load-hooks.mjs'),
    [
      "import { appendFileSync } from 'node:fs';",
      'let file;',
      'export function initialize(data) { file = data.file; }',
      'export async function load(url, context, nextLoad) { appendFileSync(file, `${url}\\n`); return nextLoad(url, context); }',
    ].join('\n'),
  );
  await writeFile(
    path.join(folder, 'trace-loads.mjs'),
    [
      "import { register } from 'node:module';",
      `register('./load-hooks.mjs', import.meta.url, { data: { file: ${JSON.stringify(traceFile)} } });`,
    ].join('\n'),
  );
  await writeFile(traceFile, '');
  return path.join(folder, 'trace-loads.mjs');
}

/** Names of every package installed under a node_modules folder, nested ones included. */
async function installedPackages(nodeModules) {
  const names = new Set();
  const visit = async (folder) => {
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      if (entry.name.startsWith('@')) {
        for (const scoped of await readdir(path.join(folder, entry.name), { withFileTypes: true })) {
          if (scoped.isDirectory())
            await found(`${entry.name}/${scoped.name}`, path.join(folder, entry.name, scoped.name));
        }
      } else {
        await found(entry.name, path.join(folder, entry.name));
      }
    }
  };
  const found = async (name, folder) => {
    names.add(name);
    await visit(path.join(folder, 'node_modules'));
  };
  await visit(nodeModules);
  return names;
}

/** Runs a command; resolves to its output, rejects with it when the command fails. */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve({ stdout, stderr })
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr || stdout}`)),
    );
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const result = await rehearseImage({
      log: (line) => process.stdout.write(`${line}\n`),
      keep: process.argv.includes('--keep'),
    });
    process.stdout.write(
      `image rehearsal passed: ${result.modules} modules loaded, none TypeScript, none from outside the image\n`,
    );
  } catch (error) {
    process.stderr.write(`image rehearsal failed: ${error.message}\n`);
    process.exitCode = 1;
  }
}

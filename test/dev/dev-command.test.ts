import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../helpers/dev-server.ts';

const ACME = path.resolve(import.meta.dirname, '../../sites/acme');
const CLI = path.resolve(import.meta.dirname, '../../bin/docsmith.js');

/**
 * Known defect, open in issue #31: in the full suite (Node 20 and 24; not when the file runs alone, nor by hand), a
 * save made right after a rebuild is sometimes never built, so the saves-in-a-row cases hang. Skipped until found.
 */

/** Every file under a folder, relative, sorted. */
async function listFiles(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('docsmith dev on the example site (compiled CLI, real watcher and sockets)', { timeout: 60_000 }, () => {
  let dev: DevServer;
  let filesBefore: string[];
  beforeAll(async () => {
    dev = await startDevServer(ACME, 'acme');
    filesBefore = await listFiles(dev.site);
  });
  afterAll(async () => {
    await dev?.stop();
  });

  const search = async (query: string): Promise<{ status: number; paths: string[] }> => {
    const response = await fetch(`${dev.origin}/v1/search/acme`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { path: string }[];
    return { status: response.status, paths: response.ok ? body.map((result) => result.path) : [] };
  };

  it("prints the playground first, then the first build with its diagnostics in validate's format", () => {
    expect(dev.output().split('\n')[0]).toMatch(/^Playground: http:\/\/127\.0\.0\.1:\d+\/playground\?domain=acme$/);
    expect(dev.output()).toMatch(/built \d+ pages in [\d.]+ s \(\d+ pages parsed\): serving build [0-9a-f]{16}/);
    expect(dev.output()).toMatch(
      /^install\/docker\.mdx\n {2}2:1 {2}warning {2}Missing frontmatter `title`.+missing-title$/m,
    );
  });

  it('serves search, the assistant, page Markdown and the playground on one port without a key', async () => {
    expect(await search('verify webhook signatures')).toMatchObject({
      status: 200,
      paths: expect.arrayContaining(['/concepts/signatures']),
    });
    const answer = await fetch(`${dev.origin}/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fp: 'dev',
        messages: [{ id: '1', role: 'user', content: 'How do I verify webhook signatures?' }],
      }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('"finishReason":"stop"');
    const page = await fetch(`${dev.origin}/v1/page/acme?path=/concepts/signatures`);
    expect(await page.text()).toMatch(/^# Signatures/);
    expect(await (await fetch(`${dev.origin}/playground`)).text()).toContain(
      '<meta name="docsmith-build-events" content="/dev/events">',
    );
  });

  it('answers from an edited page after the save, keeps the last good build through a broken save, and says what the fix cleared', async () => {
    const file = path.join(dev.site, 'concepts/signatures.mdx');
    const original = await readFile(file, 'utf8');
    let mark = dev.output().length;
    await writeFile(file, `${original}\nZanzibarquux keys rotate every hour.\n`);
    await dev.waitForOutput(/concepts\/signatures\.mdx → rebuilt in [\d.]+ s \(1 page parsed\): serving build/, mark);
    expect((await search('zanzibarquux')).paths[0]).toMatch(/^\/concepts\/signatures#/);

    mark = dev.output().length;
    await writeFile(file, `${original}\nZanzibarquux keys rotate every hour.\n\n<Note>never closed\n`);
    await dev.waitForOutput(
      /concepts\/signatures\.mdx → rebuilt .*: 1 error, 1 warning; still serving build [0-9a-f]{16}\nconcepts\/signatures\.mdx\n {2}\d+:\d+ {2}error {2}.+mdx-parse/,
      mark,
    );
    expect((await search('zanzibarquux')).paths[0]).toMatch(/^\/concepts\/signatures#/);

    mark = dev.output().length;
    await writeFile(file, original);
    await dev.waitForOutput(/✔ fixed {2}concepts\/signatures\.mdx {2}.+mdx-parse/, mark);
    expect((await search('zanzibarquux')).paths).toEqual([]);
  });

  it('tells an open playground of each build over server-sent events', async () => {
    const controller = new AbortController();
    const response = await fetch(`${dev.origin}/dev/events`, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    const nextEvent = async (): Promise<{ state: string; text: string }> => {
      while (!buffered.includes('\n\n')) buffered += decoder.decode((await reader.read()).value, { stream: true });
      const event = buffered.slice(0, buffered.indexOf('\n\n'));
      buffered = buffered.slice(event.length + 2);
      return JSON.parse(event.slice(event.indexOf('data: ') + 6)) as { state: string; text: string };
    };
    expect(await nextEvent()).toMatchObject({
      state: 'ready',
      text: expect.stringMatching(/serving build [0-9a-f]{16}/),
    });
    await writeFile(
      path.join(dev.site, 'concepts/signatures.mdx'),
      `${await readFile(path.join(dev.site, 'concepts/signatures.mdx'), 'utf8')}\nOne more line.\n`,
    );
    expect(await nextEvent()).toMatchObject({ state: 'building' });
    expect(await nextEvent()).toMatchObject({ state: 'ready' });
    controller.abort();
  }, 20_000);

  it('writes nothing into the site, and stops on SIGTERM with exit code 0', async () => {
    expect(await listFiles(dev.site)).toEqual(filesBefore);
    expect(await dev.stop()).toBe(0);
  });
});

describe('docsmith dev given the docs.json of a site (compiled CLI)', { timeout: 60_000 }, () => {
  it('watches the folder of docs.json and serves it under the folder name', async () => {
    const dev = await startDevServer(ACME, 'acme', { configFile: true });
    try {
      expect(dev.output().split('\n')[0]).toMatch(/\/playground\?domain=acme$/);
      const file = path.join(dev.site, 'concepts/signatures.mdx');
      const mark = dev.output().length;
      await writeFile(file, `${await readFile(file, 'utf8')}\nQuokkafrost keys rotate every hour.\n`);
      await dev.waitForOutput(/concepts\/signatures\.mdx → rebuilt .*: serving build/, mark);
    } finally {
      await dev.stop();
    }
  });
});

describe('docsmith dev stopped during its first build (compiled CLI)', { timeout: 60_000 }, () => {
  it('stops at Ctrl-C without waiting for the build, and removes its temporary folder', async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), 'docsmith-dev-stop-'));
    try {
      const site = path.join(workDir, 'site');
      const temporary = path.join(workDir, 'tmp');
      await mkdir(site, { recursive: true });
      await mkdir(temporary);
      // Enough pages that the first build lasts seconds after the signal is sent.
      const pages = Array.from({ length: 600 }, (_, index) => `page-${index}`);
      await writeFile(
        path.join(site, 'docs.json'),
        JSON.stringify({ name: 'Big', theme: 'mint', colors: { primary: '#0a0' }, navigation: { pages } }),
      );
      const body = '## Setup\n\nInstall the tool, then run it with a flag.\n\n'.repeat(20);
      await Promise.all(
        pages.map((page) => writeFile(path.join(site, `${page}.mdx`), `---\ntitle: ${page}\n---\n\n${body}`)),
      );
      const child = spawn(process.execPath, [CLI, 'dev', site, '--port', '0'], {
        env: { ...process.env, TMPDIR: temporary, XDG_CACHE_HOME: path.join(workDir, 'cache') },
      });
      let stdout = '';
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('Ctrl-C stops.')) resolve();
        });
      });
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(stdout).toContain('docsmith dev: SIGINT, stopping');
      expect(stdout).not.toMatch(/ built \d+ pages? in /);
      expect(await readdir(temporary)).toEqual([]);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

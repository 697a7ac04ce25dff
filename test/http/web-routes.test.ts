import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/http/build-app.ts';
import { compressedForms } from '../../scripts/build-web.mjs';

const BUNDLE = 'widget.0123456789ab.js';
const CHAT_BUNDLE = 'widget-chat.fedcba987654.js';
const BUNDLE_TEXT = `/* the widget */ ${'console.log("widget");'.repeat(50)}`;

/** Writes a built file with its .br and .gz forms, as scripts/build-web.mjs does. */
async function writeBuilt(directory: string, name: string, text: string): Promise<void> {
  const contents = new TextEncoder().encode(text);
  const { br, gz } = compressedForms(contents);
  await Promise.all([
    writeFile(path.join(directory, name), contents),
    writeFile(path.join(directory, `${name}.br`), br),
    writeFile(path.join(directory, `${name}.gz`), gz),
  ]);
}

describe('browser client routes', () => {
  let directory: string;
  let webDir: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-web-'));
    webDir = path.join(directory, 'web');
    await mkdir(webDir);
    await writeBuilt(webDir, 'widget.js', `/* loader of ${BUNDLE} */`);
    await writeBuilt(webDir, BUNDLE, BUNDLE_TEXT);
    await writeBuilt(webDir, CHAT_BUNDLE, '/* the chat */');
    await writeFile(path.join(webDir, 'playground.js'), 'console.log("playground")');
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });
  const open = (web: Parameters<typeof buildApp>[0]['web']) =>
    buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
      web,
    });

  it('serves the short-lived loader, the playground page and its script', async () => {
    const app = await open({ webDir });
    const loader = await app.inject({ url: '/widget.js' });
    expect(loader.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(loader.headers['cache-control']).toBe('public, max-age=300');
    expect(loader.body).toBe(`/* loader of ${BUNDLE} */`);
    const page = await app.inject({ url: '/playground' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script src="/playground.js"></script>');
    expect(page.body).toMatch(
      /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,%3Csvg%20[^"]+%3C%2Fsvg%3E">/,
    );
    expect((await app.inject({ url: '/playground.js' })).body).toBe('console.log("playground")');
    await app.close();
  });

  it('serves the hashed bundle immutable, brotli or gzip as accepted, with an ETag that answers 304', async () => {
    const app = await open({ webDir });
    const get = (headers: Record<string, string>) => app.inject({ url: `/${BUNDLE}`, headers });
    const brotli = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'content-encoding': 'br',
      vary: 'Origin, Accept-Encoding',
    });
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(BUNDLE_TEXT);
    expect(Number(brotli.headers['content-length'])).toBeLessThan(BUNDLE_TEXT.length / 4);
    const gzip = await get({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE_TEXT);
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE_TEXT);
    expect((await get({ 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
    expect((await get({ 'accept-encoding': 'identity, *;q=0' })).headers['content-encoding']).toBeUndefined();
    const etag = brotli.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect([gzip.headers.etag, plain.headers.etag]).toEqual([etag, etag]);
    const revalidated = await get({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(
      (await app.inject({ url: `/${CHAT_BUNDLE}`, headers: { 'accept-encoding': 'gzip' } })).headers,
    ).toMatchObject({ 'cache-control': 'public, max-age=31536000, immutable', 'content-encoding': 'gzip' });
    await app.close();
  });

  it('sends a page holding an older loader to the current bundle, and re-reads a rebuilt file', async () => {
    const app = await open({ webDir });
    const older = await app.inject({ url: '/widget.ffffffffffff.js' });
    expect(older.statusCode).toBe(302);
    expect(older.headers.location).toBe(BUNDLE);
    expect((await app.inject({ url: '/widget-chat.ffffffffffff.js' })).headers.location).toBe(CHAT_BUNDLE);
    expect(older.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/widget.not-a-hash.js' })).statusCode).toBe(404);
    await writeBuilt(webDir, 'widget.js', '/* rebuilt loader */');
    const later = new Date(Date.now() + 5000);
    await utimes(path.join(webDir, 'widget.js'), later, later);
    expect((await app.inject({ url: '/widget.js' })).body).toBe('/* rebuilt loader */');
    await app.close();
  });

  it('has no playground when disabled (production), but keeps the widget', async () => {
    const app = await open({ webDir, playground: false });
    expect((await app.inject({ url: '/playground' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/widget.js' })).statusCode).toBe(200);
    await app.close();
  });

  it('answers 503 web_client_missing when the bundle was not built', async () => {
    const app = await open({ webDir: path.join(directory, 'nothing') });
    for (const url of ['/widget.js', `/${BUNDLE}`, `/${CHAT_BUNDLE}`, '/playground']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('web_client_missing');
    }
    await app.close();
  });
});

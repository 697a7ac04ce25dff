import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/http/build-app.ts';

describe('browser client routes', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-web-'));
    await mkdir(path.join(directory, 'web'));
    await writeFile(path.join(directory, 'web', 'widget.js'), 'console.log("widget")');
    await writeFile(path.join(directory, 'web', 'playground.js'), 'console.log("playground")');
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });
  const open = (web: Parameters<typeof buildApp>[0]['web']) => buildApp({ artifactsDir: path.join(directory, 'dist'), dataDir: path.join(directory, 'data'), logger: false, limitStore: 'memory', web });

  it('serves the widget script and the playground page with its script', async () => {
    const app = await open({ webDir: path.join(directory, 'web') });
    const widget = await app.inject({ url: '/widget.js' });
    expect(widget.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(widget.body).toBe('console.log("widget")');
    const page = await app.inject({ url: '/playground' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script src="/playground.js"></script>');
    expect((await app.inject({ url: '/playground.js' })).body).toBe('console.log("playground")');
    await app.close();
  });

  it('has no playground when disabled (production), but keeps the widget', async () => {
    const app = await open({ webDir: path.join(directory, 'web'), playground: false });
    expect((await app.inject({ url: '/playground' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/widget.js' })).statusCode).toBe(200);
    await app.close();
  });

  it('answers 503 web_client_missing when the bundle was not built', async () => {
    const app = await open({ webDir: path.join(directory, 'nothing') });
    const response = await app.inject({ url: '/widget.js' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('web_client_missing');
    await app.close();
  });
});

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';
import { scriptedModel } from '../reliability/scripted-model.ts';

const CHROMIUM = process.env.DOCSMITH_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
/** Set DOCSMITH_SCREENSHOTS=1 to rewrite docs/playground.png, docs/playground-markdown.png and docs/widget.png. */
const SCREENSHOTS = process.env.DOCSMITH_SCREENSHOTS === '1' ? path.resolve(import.meta.dirname, '../../docs') : undefined;

const hasChromium = existsSync(CHROMIUM);
const hasBundle = existsSync(path.join(WEB_DIST, 'widget.js'));
if (!hasChromium) process.stderr.write(`skipped playground and widget in a real browser: no ${CHROMIUM}; install Debian's chromium (apt-get install chromium) or set DOCSMITH_CHROMIUM\n`);
else if (!hasBundle) process.stderr.write('skipped playground and widget in a real browser: web/dist is not built; run npm run build:web\n');

/** Asks in the chat inside `scope` and waits for the answer to finish (its thumbs appear); resolves to its text and thread id. */
/** A Markdown answer with every construct the chat renders, plus hostile HTML and links that must stay inert. */
const MARKDOWN_ANSWER = [
  'Install the CLI, then log in [1]. Use **bold** and `inline code`.',
  '',
  'From Quickstart [1]:',
  '',
  '```bash',
  'npm i -g example-cli # see [1]',
  '```',
  '',
  '| Flag | Meaning |',
  '| --- | :-: |',
  '| `--token` | skips the login [1] |',
  '',
  '1. Install the CLI.',
  '2. Run `example login`.',
  '',
  '- a [docs link](https://docs.example.com/quickstart)',
  '- a [hostile link](javascript:window.pwned=1)',
  '',
  '<script>window.pwned = 2</script>',
  '',
  'Inline <img src="x" onerror="window.pwned = 3"> and ![tracker](https://tracker.example.com/pixel.png).',
].join('\n');

async function askInChat(page: Page, scope: string, question: string, answers: number): Promise<{ text: string; threadId: string; citations: string[] }> {
  await page.fill(`${scope} input[name="question"]`, question);
  await page.press(`${scope} input[name="question"]`, 'Enter');
  const answer = page.locator(`${scope} .docsmith-assistant`).nth(answers - 1);
  await answer.locator('.docsmith-rate').first().waitFor({ timeout: 15_000 });
  return {
    text: (await answer.locator('.docsmith-text').textContent()) ?? '',
    threadId: (await page.getAttribute(`${scope} .docsmith-thread`, 'data-thread-id')) ?? '',
    citations: await answer.locator('.docsmith-citation').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')),
  };
}

describe.skipIf(!hasChromium || !hasBundle)('playground and widget in a real browser (Chromium)', () => {
  let directory: string;
  let app: FastifyInstance;
  let baseUrl: string;
  let hostServer: Server;
  let hostOrigin: string;
  let browser: Browser;
  let key: string;
  let adminKey: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-browser-'));
    await publishTestSite(path.join(directory, 'dist'), 'example', undefined, 'https://docs.example.com');
    app = await buildApp({ artifactsDir: path.join(directory, 'dist'), dataDir: path.join(directory, 'data'), logger: false, limitStore: 'memory' });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    hostServer = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><html><head><title>Example docs</title></head><body style="font-family: system-ui; margin: 40px"><h1>Example docs</h1><p>Install the CLI, then log in.</p><script src="${baseUrl}/widget.js" data-domain="example" data-key="${key}"></script></body></html>`);
    });
    await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
    const address = hostServer.address() as { port: number };
    hostOrigin = `http://localhost:${address.port}`;
    const keys = createKeyStore({ file: path.join(directory, 'data', 'keys.json') });
    key = keys.create({ domains: ['example'], org: 'org', origins: [hostOrigin, baseUrl] }).key;
    adminKey = keys.create({ domains: ['example'], org: 'org', admin: true }).key;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => hostServer?.close(resolve));
    await app?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('playground: connect, ask, see the streamed answer with numbered citations, follow up in the same thread, rate, start over', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
    await page.goto(`${baseUrl}/playground`);
    await page.fill('input[name="domain"]', 'example');
    await page.fill('input[name="key"]', key);
    await page.click('#docsmith-playground-form button[type="submit"]');
    const first = await askInChat(page, '#docsmith-playground-chat', 'How do I install the CLI?', 1);
    expect(first.text).toContain('npm i -g example-cli');
    expect(first.citations[0]).toBe('https://docs.example.com/quickstart#install');
    expect(first.threadId).toMatch(/^thr_/);
    const followUp = await askInChat(page, '#docsmith-playground-chat', 'And how do I skip the login in CI?', 2);
    expect(followUp.text).toContain('EXAMPLE_TOKEN');
    expect(followUp.threadId).toBe(first.threadId);
    const thumbsUp = page.locator('#docsmith-playground-chat .docsmith-assistant').nth(1).getByRole('button', { name: 'Helpful', exact: true });
    const feedback = page.waitForResponse((response) => response.url().endsWith('/v1/assistant/example/feedback'));
    await thumbsUp.click();
    expect((await feedback).status()).toBe(201);
    expect(await thumbsUp.getAttribute('aria-pressed')).toBe('true');
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'playground.png') });
    const report = await app.inject({ url: '/v1/analytics/example/questions', headers: { authorization: `Bearer ${adminKey}` } });
    expect(report.json().feedback.up).toBe(1);
    await page.click('#docsmith-playground-chat .docsmith-reset');
    expect(await page.locator('#docsmith-playground-chat .docsmith-message').count()).toBe(0);
    const fresh = await askInChat(page, '#docsmith-playground-chat', 'Where do invoices go?', 1);
    expect(fresh.threadId).not.toBe(first.threadId);
    await page.close();
  });

  it('answers render as Markdown while they stream (fences, tables, lists, inline code, citations); raw HTML and javascript: links stay inert', async () => {
    let release = (): void => {};
    const script: { deltas: string[]; gate?: Promise<void> } = { deltas: [] };
    const markdownApp = await buildApp({ artifactsDir: path.join(directory, 'dist'), dataDir: path.join(directory, 'data-markdown'), logger: false, limitStore: 'memory', model: scriptedModel(script) });
    const markdownUrl = await markdownApp.listen({ port: 0, host: '127.0.0.1' });
    const markdownKey = createKeyStore({ file: path.join(directory, 'data-markdown', 'keys.json') }).create({ domains: ['example'], org: 'org', origins: [markdownUrl] }).key;
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    try {
      await page.goto(`${markdownUrl}/playground`);
      await page.fill('input[name="domain"]', 'example');
      await page.fill('input[name="key"]', markdownKey);
      await page.click('#docsmith-playground-form button[type="submit"]');
      script.deltas = MARKDOWN_ANSWER.match(/[^]{1,7}/g) ?? [];
      await askInChat(page, '#docsmith-playground-chat', 'How do I install the CLI? <b>bold?</b>', 1);
      const question = page.locator('#docsmith-playground-chat .docsmith-user').first();
      expect(await question.locator('.docsmith-text').textContent()).toBe('How do I install the CLI? <b>bold?</b>');
      expect(await question.locator('b').count()).toBe(0);
      const answer = page.locator('#docsmith-playground-chat .docsmith-assistant .docsmith-text').first();
      expect(await answer.locator('pre > code.language-bash').textContent()).toBe('npm i -g example-cli # see [1]\n');
      expect(await answer.locator('pre a').count()).toBe(0);
      expect(await answer.locator('table th').allTextContents()).toEqual(['Flag', 'Meaning']);
      expect(await answer.locator('table td').first().locator('code').textContent()).toBe('--token');
      expect(await answer.locator('table td').nth(1).locator('a.docsmith-citation').textContent()).toBe('[1]');
      expect(await answer.locator('ol > li').allTextContents()).toEqual(['Install the CLI.', 'Run example login.']);
      expect(await answer.locator('strong').textContent()).toBe('bold');
      expect(await answer.locator('p code').first().textContent()).toBe('inline code');
      const citations = await answer.locator('a.docsmith-citation').evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')]));
      expect(citations).toEqual(Array(3).fill(['[1]', 'https://docs.example.com/quickstart#install', '_blank']));
      expect(await answer.getByRole('link', { name: 'docs link' }).getAttribute('href')).toBe('https://docs.example.com/quickstart');
      expect(await answer.getByText('hostile link').getAttribute('href')).toBeNull();
      expect(await answer.locator('script, img, [onerror]').count()).toBe(0);
      expect(await answer.textContent()).toContain('<script>window.pwned = 2</script>');
      expect(await answer.textContent()).toContain('<img src="x" onerror="window.pwned = 3">');
      expect(await answer.getByRole('link', { name: 'tracker' }).getAttribute('href')).toBe('https://tracker.example.com/pixel.png');
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'playground-markdown.png') });
      await answer.getByText('hostile link').click();
      expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();

      script.deltas = ['Half-written [1]:\n\n| Flag | Meaning |\n| --- | --- |\n| `--tok', 'en` | ski\n\n```js\nconst a = 1;\n'];
      script.gate = new Promise((resolve) => (release = resolve));
      await page.fill('#docsmith-playground-chat input[name="question"]', 'And the flags?');
      await page.press('#docsmith-playground-chat input[name="question"]', 'Enter');
      const streaming = page.locator('#docsmith-playground-chat .docsmith-assistant .docsmith-text').nth(1);
      await streaming.locator('pre > code.language-js').waitFor({ timeout: 15_000 });
      expect(await page.getAttribute('#docsmith-playground-chat', 'data-status')).toBe('streaming');
      expect(await streaming.locator('pre > code').textContent()).toBe('const a = 1;\n');
      expect(await streaming.locator('table td').allTextContents()).toEqual(['--token', 'ski']);
      expect(await streaming.locator('a.docsmith-citation').count()).toBe(1);
      release();
      await page.locator('#docsmith-playground-chat .docsmith-assistant').nth(1).locator('.docsmith-rate').first().waitFor({ timeout: 15_000 });
      expect(await answer.locator('pre > code.language-bash').count()).toBe(1);
    } finally {
      release();
      await page.close();
      await markdownApp.close();
    }
  });

  it('widget: one script tag on another origin adds "Ask AI"; the panel answers and follows up in the same thread', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 720 } });
    await page.goto(hostOrigin);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    const first = await askInChat(page, '.docsmith-panel', 'Where does the CLI read its settings?', 1);
    expect(first.text).toContain('config.toml');
    expect(first.citations.length).toBeGreaterThan(0);
    const followUp = await askInChat(page, '.docsmith-panel', 'When are invoices emailed?', 2);
    expect(followUp.text).toContain('first day');
    expect(followUp.threadId).toBe(first.threadId);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'widget.png') });
    await page.close();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { hasBrowserPrerequisites, launchChromium } from '../helpers/widget-harness.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';
import { scriptedModel } from '../reliability/scripted-model.ts';

/** Set DOCSMITH_SCREENSHOTS=1 to rewrite docs/playground.png and docs/playground-markdown.png. */
const SCREENSHOTS =
  process.env.DOCSMITH_SCREENSHOTS === '1' ? path.resolve(import.meta.dirname, '../../docs') : undefined;

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

/** Asks in the chat inside `scope` and waits for the answer to finish (its thumbs appear); resolves to its text, the thread id the question was sent with, and its citations. */
async function askInChat(
  page: Page,
  scope: string,
  question: string,
  answers: number,
): Promise<{ text: string; sentThreadId: string | null; threadId: string; citations: string[] }> {
  const sent = page.waitForRequest((request: Request) => request.url().endsWith('/v2/assistant/example/message'));
  await page.fill(`${scope} [name="question"]`, question);
  await page.press(`${scope} [name="question"]`, 'Enter');
  const request = await sent;
  const threadId = (await request.response())?.headers()['x-thread-id'] ?? '';
  const answer = page.locator(`${scope} .docsmith-assistant`).nth(answers - 1);
  await answer.locator('.docsmith-rate').first().waitFor({ timeout: 15_000 });
  return {
    text: (await answer.locator('.docsmith-text').textContent()) ?? '',
    sentThreadId: (request.postDataJSON() as { threadId: string | null }).threadId,
    threadId,
    citations: await answer
      .locator('.docsmith-citation')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')),
  };
}

describe.skipIf(!hasBrowserPrerequisites('the playground in a real browser'))(
  'the playground in a real browser (Chromium)',
  () => {
    let directory: string;
    let app: FastifyInstance;
    let baseUrl: string;
    let browser: Browser;
    let key: string;
    let otherDomainKey: string;
    let adminKey: string;
    beforeAll(async () => {
      directory = await mkdtemp(path.join(tmpdir(), 'docsmith-browser-'));
      await publishTestSite(path.join(directory, 'dist'), 'example', undefined, 'https://docs.example.com');
      app = await buildApp({
        artifactsDir: path.join(directory, 'dist'),
        dataDir: path.join(directory, 'data'),
        logger: false,
        limitStore: 'memory',
      });
      baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const keys = createKeyStore({ file: path.join(directory, 'data', 'keys.json') });
      key = keys.create({ domains: ['example'], org: 'org', origins: [baseUrl] }).key;
      otherDomainKey = keys.create({ domains: ['elsewhere'], org: 'org' }).key;
      adminKey = keys.create({ domains: ['example'], org: 'org', admin: true }).key;
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await rm(directory, { recursive: true, force: true });
    });
    const connect = async (page: Page, domain: string, withKey: string): Promise<string> => {
      await page.locator('#docsmith-playground-status').evaluate((status) => status.removeAttribute('data-state'));
      await page.fill('input[name="domain"]', domain);
      await page.fill('input[name="key"]', withKey);
      await page.click('#docsmith-playground-form button[type="submit"]');
      await page.locator('#docsmith-playground-status[data-state]').waitFor();
      return (await page.textContent('#docsmith-playground-status')) ?? '';
    };

    it("connect checks the key and the domain first and says what is wrong, in the reader's words and precisely", async () => {
      const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
      await page.goto(`${baseUrl}/playground`);
      expect(await connect(page, 'example', 'ds_000000000000_not-a-key')).toBe(
        "This assistant isn't available on this page. (401 invalid_key: The API key is not valid.)",
      );
      expect(await page.locator('#docsmith-playground-chat [name="question"]').count()).toBe(0);
      expect(await connect(page, 'example', otherDomainKey)).toContain(
        '403 forbidden_domain: The API key is not valid for this domain.',
      );
      expect(await connect(page, 'example', key)).toBe('Connected to Example (example).');
      await page.locator('#docsmith-playground-chat [name="question"]').waitFor();
      await page.close();
    });

    it('on a phone the question box keeps a usable width, and "New conversation" wraps under it', async () => {
      const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
      await page.goto(`${baseUrl}/playground`);
      await connect(page, 'example', key);
      const input = await page.locator('#docsmith-playground-chat [name="question"]').boundingBox();
      const reset = await page.locator('#docsmith-playground-chat .docsmith-reset').boundingBox();
      expect(input?.width).toBeGreaterThanOrEqual(180);
      expect(reset?.y).toBeGreaterThanOrEqual((input?.y ?? 0) + (input?.height ?? 0));
      await page.close();
    });

    it('playground: connect, ask, see the streamed answer with numbered citations, follow up in the same thread, rate, start over', async () => {
      const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
      await page.goto(`${baseUrl}/playground`);
      await connect(page, 'example', key);
      const first = await askInChat(page, '#docsmith-playground-chat', 'How do I install the CLI?', 1);
      expect(first.text).toContain('npm i -g example-cli');
      expect(first.citations[0]).toBe('https://docs.example.com/quickstart#install');
      expect(first.sentThreadId).toBeNull();
      expect(first.threadId).toMatch(/^thr_/);
      const followUp = await askInChat(page, '#docsmith-playground-chat', 'And how do I skip the login in CI?', 2);
      expect(followUp.text).toContain('EXAMPLE_TOKEN');
      expect([followUp.sentThreadId, followUp.threadId]).toEqual([first.threadId, first.threadId]);
      expect(await page.locator('#docsmith-playground-chat').textContent()).not.toContain(first.threadId);
      const thumbsUp = page
        .locator('#docsmith-playground-chat .docsmith-assistant')
        .nth(1)
        .getByRole('button', { name: 'Helpful', exact: true });
      await thumbsUp.click();
      expect(await thumbsUp.getAttribute('aria-pressed')).toBe('true');
      const feedback = page.waitForResponse((response) => response.url().endsWith('/v1/assistant/example/feedback'));
      await page.getByLabel('What helped? (optional)').fill('The CI variable.');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      expect((await feedback).status()).toBe(201);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'playground.png') });
      const report = await app.inject({
        url: '/v1/analytics/example/questions',
        headers: { authorization: `Bearer ${adminKey}` },
      });
      expect(report.json().feedback).toMatchObject({
        up: 1,
        comments: [{ rating: 'up', comment: 'The CI variable.' }],
      });
      await page.getByRole('button', { name: 'New conversation' }).click();
      expect(await page.locator('#docsmith-playground-chat .docsmith-message').count()).toBe(0);
      const fresh = await askInChat(page, '#docsmith-playground-chat', 'Where do invoices go?', 1);
      expect(fresh.sentThreadId).toBeNull();
      expect(fresh.threadId).not.toBe(first.threadId);
      await page.close();
    });

    it('answers render as Markdown while they stream (fences, tables, lists, inline code, citations); raw HTML and javascript: links stay inert', async () => {
      let release = (): void => {};
      const script: { deltas: string[]; gate?: Promise<void> } = { deltas: [] };
      const markdownApp = await buildApp({
        artifactsDir: path.join(directory, 'dist'),
        dataDir: path.join(directory, 'data-markdown'),
        logger: false,
        limitStore: 'memory',
        model: scriptedModel(script),
      });
      const markdownUrl = await markdownApp.listen({ port: 0, host: '127.0.0.1' });
      const markdownKey = createKeyStore({ file: path.join(directory, 'data-markdown', 'keys.json') }).create({
        domains: ['example'],
        org: 'org',
        origins: [markdownUrl],
      }).key;
      const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
      try {
        await page.goto(`${markdownUrl}/playground`);
        await connect(page, 'example', markdownKey);
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
        const citations = await answer
          .locator('a.docsmith-citation')
          .evaluateAll((links) =>
            links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')]),
          );
        expect(citations).toEqual(Array(3).fill(['[1]', 'https://docs.example.com/quickstart#install', '_blank']));
        expect(await answer.getByRole('link', { name: 'docs link' }).getAttribute('href')).toBe(
          'https://docs.example.com/quickstart',
        );
        expect(await answer.getByText('hostile link').getAttribute('href')).toBeNull();
        expect(await answer.locator('script, img, [onerror]').count()).toBe(0);
        expect(await answer.textContent()).toContain('<script>window.pwned = 2</script>');
        expect(await answer.textContent()).toContain('<img src="x" onerror="window.pwned = 3">');
        expect(await answer.getByRole('link', { name: 'tracker' }).getAttribute('href')).toBe(
          'https://tracker.example.com/pixel.png',
        );
        if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'playground-markdown.png') });
        await answer.getByText('hostile link').click();
        expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();

        script.deltas = [
          'Half-written [1]:\n\n| Flag | Meaning |\n| --- | --- |\n| `--tok',
          'en` | ski\n\n```js\nconst a = 1;\n',
        ];
        script.gate = new Promise((resolve) => (release = resolve));
        await page.fill('#docsmith-playground-chat [name="question"]', 'And the flags?');
        await page.press('#docsmith-playground-chat [name="question"]', 'Enter');
        const streaming = page.locator('#docsmith-playground-chat .docsmith-assistant .docsmith-text').nth(1);
        await streaming.locator('pre > code.language-js').waitFor({ timeout: 15_000 });
        expect(await page.getAttribute('#docsmith-playground-chat', 'data-status')).toBe('streaming');
        expect(await streaming.locator('pre > code').textContent()).toBe('const a = 1;\n');
        expect(await streaming.locator('table td').allTextContents()).toEqual(['--token', 'ski']);
        expect(await streaming.locator('a.docsmith-citation').count()).toBe(1);
        release();
        await page
          .locator('#docsmith-playground-chat .docsmith-assistant')
          .nth(1)
          .locator('.docsmith-rate')
          .first()
          .waitFor({ timeout: 15_000 });
        expect(await answer.locator('pre > code.language-bash').count()).toBe(1);
      } finally {
        release();
        await page.close();
        await markdownApp.close();
      }
    });
  },
);

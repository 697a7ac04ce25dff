import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import { startDevServer, type DevServer } from '../helpers/dev-server.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

const CHROMIUM = process.env.DOCSMITH_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const ACME = path.resolve(import.meta.dirname, '../../sites/acme');

const hasChromium = existsSync(CHROMIUM);
const hasBundle = existsSync(path.join(WEB_DIST, 'playground.js'));
if (!hasChromium)
  process.stderr.write(
    `skipped the dev playground in a real browser: no ${CHROMIUM}; install Debian's chromium or set DOCSMITH_CHROMIUM\n`,
  );
else if (!hasBundle)
  process.stderr.write('skipped the dev playground in a real browser: web/dist is not built; run npm run build:web\n');

describe.skipIf(!hasChromium || !hasBundle)(
  'the playground follows docsmith dev (Chromium)',
  { timeout: 90_000 },
  () => {
    let browser: Browser;
    let dev: DevServer;
    beforeAll(async () => {
      [browser, dev] = await Promise.all([
        chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS }),
        startDevServer(ACME, 'acme'),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await dev?.stop();
    });

    it('connects without a key, answers, and shows each new build and a broken save by itself', async () => {
      const page = await browser.newPage();
      await page.goto(`${dev.origin}/playground?domain=acme`);
      const status = page.locator('#docsmith-playground-build');
      await expect.poll(() => status.textContent()).toMatch(/serving build [0-9a-f]{16}/);
      const firstBuild = /serving build ([0-9a-f]{16})/.exec((await status.textContent()) ?? '')?.[1];
      await page.fill('#docsmith-playground-chat [name="question"]', 'How do I verify webhook signatures?');
      await page.press('#docsmith-playground-chat [name="question"]', 'Enter');
      await expect
        .poll(() => page.locator('#docsmith-playground-chat').textContent(), { timeout: 20_000 })
        .toMatch(/Relay/);

      const file = path.join(dev.site, 'concepts/signatures.mdx');
      const original = await readFile(file, 'utf8');
      await writeFile(file, `${original}\nSignatures are checked in constant time.\n`);
      await expect
        .poll(() => status.textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`serving build (?!${firstBuild})[0-9a-f]{16}`));

      await writeFile(file, `${original}\n<Note>never closed\n`);
      await expect.poll(() => status.getAttribute('data-state'), { timeout: 20_000 }).toBe('failed');
      expect(await status.textContent()).toMatch(
        /still serving build [0-9a-f]{16}[\s\S]*concepts\/signatures\.mdx[\s\S]*mdx-parse/,
      );
      await writeFile(file, original);
      await expect.poll(() => status.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    });
  },
);

describe.skipIf(!hasChromium || !hasBundle)('the link npm start prints (Chromium)', { timeout: 60_000 }, () => {
  it('opens the playground connected: domain from the query, key from the fragment', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-playground-link-'));
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    const app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
    });
    try {
      await publishTestSite(path.join(directory, 'dist'), 'example');
      const key = createKeyStore({ file: path.join(directory, 'data', 'keys.json') }).create({
        domains: ['example'],
        org: 'org',
      }).key;
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const page = await browser.newPage();
      await page.goto(`${origin}/playground?domain=example#key=${key}`);
      await page.fill('#docsmith-playground-chat [name="question"]', 'How do I install the CLI?');
      await page.press('#docsmith-playground-chat [name="question"]', 'Enter');
      await expect
        .poll(() => page.locator('#docsmith-playground-chat').textContent(), { timeout: 20_000 })
        .toMatch(/npm i -g example-cli/);
      expect(await page.inputValue('input[name="domain"]')).toBe('example');
    } finally {
      await browser.close();
      await app.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

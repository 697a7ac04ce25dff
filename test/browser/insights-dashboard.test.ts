import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDashboardFixture, type DashboardFixture } from './insights-dashboard-fixture.ts';

const CHROMIUM = process.env.DOCSMITH_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const hasChromium = existsSync(CHROMIUM);
const hasBundle = existsSync(path.resolve(import.meta.dirname, '../../web/dist/admin.js'));
if (!hasChromium)
  process.stderr.write(
    `skipped the insights dashboard in a real browser: no ${CHROMIUM}; install Debian's chromium (apt-get install chromium) or set DOCSMITH_CHROMIUM\n`,
  );
else if (!hasBundle)
  process.stderr.write(
    'skipped the insights dashboard in a real browser: web/dist is not built; run npm run build:web\n',
  );

describe.skipIf(!hasChromium || !hasBundle)(
  'the insights dashboard in a real browser (Chromium)',
  { timeout: 60_000 },
  () => {
    let fixture: DashboardFixture;
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];
    const openPage = async (): Promise<Page> => {
      const opened = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
      opened.on('pageerror', (error) => problems.push(error.message));
      opened.on('console', (message) => (message.type() === 'error' ? problems.push(message.text()) : undefined));
      return opened;
    };
    beforeAll(async () => {
      fixture = await startDashboardFixture(3);
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
      page = await openPage();
    });
    afterAll(async () => {
      await browser?.close();
      await fixture?.close();
    });

    const show = async (options: { key?: string; version?: string; language?: string } = {}): Promise<string> => {
      await page.fill('input[name="key"]', options.key ?? fixture.adminKey);
      if (options.version !== undefined) await page.selectOption('select[name="version"]', options.version);
      if (options.language !== undefined) await page.selectOption('select[name="language"]', options.language);
      const answered = page.waitForResponse((response) => response.url().includes('/v1/analytics/acme/insights'));
      await page.click('button[type="submit"]');
      await answered;
      await page.locator('.ds-status:not([data-kind="loading"])').waitFor();
      return (await page.textContent('.ds-status')) ?? '';
    };
    const column = (table: string, index: number) =>
      page.locator(`[data-table="${table}"] tbody tr td:nth-child(${index})`).allTextContents();

    it('shows the totals, both charts and the content gaps the site cannot answer, merged by topic, with closest pages', async () => {
      await page.goto(`${fixture.baseUrl}/admin?domain=acme`);
      expect(await show()).toMatch(/^acme, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.$/);
      expect(await page.locator('.ds-card strong').first().textContent()).toBe(fixture.questions.toLocaleString('en'));
      expect(await page.locator('.uplot canvas').count()).toBe(2);
      expect(await page.locator('.uplot .u-legend').first().textContent()).toContain('Not found');
      const gaps = await column('gaps', 1);
      expect(gaps.slice(0, 5).join(' | ')).toMatch(/saml/);
      expect(gaps.slice(0, 5).join(' | ')).toMatch(/terraform/);
      expect(gaps.slice(0, 5).join(' | ')).toMatch(/hipaa/);
      expect(gaps.slice(0, 5).join(' | ')).not.toMatch(/install|signature|retr/);
      expect((await column('gaps', 9)).some((alsoAsked) => /saml|terraform|hipaa|kafka/.test(alsoAsked))).toBe(true);
      expect(await page.locator('[data-table="never-cited"] tbody tr').count()).toBeGreaterThan(0);
      expect(await page.textContent('body')).not.toMatch(/reader-\d+/);
      expect(problems).toEqual([]);
    });

    it('exports every table as CSV and JSON, the rows it shows', async () => {
      for (const table of ['gaps', 'groups', 'pages', 'down-pages', 'never-cited', 'comments', 'days']) {
        // Chromium drops the eleventh download in a row from one tab (its download request limiter): a tab per table.
        await page.close();
        page = await openPage();
        await page.goto(`${fixture.baseUrl}/admin?domain=acme`);
        await show();
        const rows = await page.locator(`[data-table="${table}"] tbody tr`).count();
        const [csv] = await Promise.all([
          page.waitForEvent('download'),
          page.click(`[data-table="${table}"] button[data-format="csv"]`),
        ]);
        expect(csv.suggestedFilename()).toMatch(
          new RegExp(`^insights-acme-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}-${table}\\.csv$`),
        );
        const csvText = await readFile((await csv.path()) as string, 'utf8');
        expect(csvText.split('\r\n').filter(Boolean)).toHaveLength(rows + 1);
        const [json] = await Promise.all([
          page.waitForEvent('download'),
          page.click(`[data-table="${table}"] button[data-format="json"]`),
        ]);
        expect(JSON.parse(await readFile((await json.path()) as string, 'utf8'))).toHaveLength(rows);
      }
    });

    it('narrows to a version and a language the site has, and says why it cannot load', async () => {
      expect(await page.locator('select[name="version"] option').allTextContents()).toEqual(['All', 'v2', 'v1']);
      expect(await show({ language: 'fr' })).toContain('language fr');
      expect((await column('groups', 1)).every((question) => /[éè]|signature/.test(question))).toBe(true);
      expect(await show({ language: '', version: 'v1' })).toContain('version v1');
      expect((await column('groups', 1)).join(' ')).toMatch(/v1/);
      expect(await show({ key: fixture.key, version: '' })).toBe(
        'Could not load the insights: This endpoint needs an admin key (`docsmith keys create --admin`).',
      );
    });
  },
);

// Takes the screenshots of docs/guides/insights.mdx (docs/images/insights/): the dashboard over a week of the example
// site's traffic (test/browser/insights-traffic.ts) in Debian's Chromium. Run by hand when the dashboard changes:
// `npm run build:web && npm run screenshots:insights`; never on CI.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startDashboardFixture } from './insights-dashboard-fixture.ts';

const CHROMIUM = process.env.DOCSMITH_CHROMIUM ?? '/usr/bin/chromium';
const IMAGES = path.resolve(import.meta.dirname, '../../docs/images/insights');

const fixture = await startDashboardFixture(7);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  await mkdir(IMAGES, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 820 }, deviceScaleFactor: 1 });
  await page.goto(`${fixture.baseUrl}/admin?domain=acme`);
  await page.fill('input[name="key"]', fixture.adminKey);
  await page.fill('input[name="from"]', new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10));
  await page.click('button[type="submit"]');
  await page.waitForSelector('.uplot canvas');
  await page.screenshot({ path: path.join(IMAGES, 'overview.png') });
  await page.locator('[data-table="gaps"]').screenshot({ path: path.join(IMAGES, 'content-gaps.png') });
  await page.locator('[data-table="groups"]').screenshot({ path: path.join(IMAGES, 'question-groups.png') });
  await page.locator('[data-table="never-cited"]').screenshot({ path: path.join(IMAGES, 'never-cited.png') });
  process.stdout.write(
    `${fixture.questions} questions over 7 days; screenshots in ${path.relative(process.cwd(), IMAGES)}\n`,
  );
} finally {
  await browser.close();
  await fixture.close();
}

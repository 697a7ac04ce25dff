import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  hasBrowserPrerequisites,
  launchChromium,
  startWidgetHarness,
  type WidgetHarness,
} from '../../test/helpers/widget-harness.ts';
import { scriptedModel } from '../../test/reliability/scripted-model.ts';

/**
 * `npm run screenshots:widget`: the widget's states (closed, empty, answering, answered, error) on desktop (1280) and
 * phone (390), light and dark, written to docs/images/widget/<state>-<device>-<theme>.png for the user guide. Not run
 * by the test suite: run it when the widget's look changes.
 */
const OUT = path.resolve(import.meta.dirname, '../../docs/images/widget');
const ANSWER = [
  'Install the CLI with npm, then log in to connect your account [1]:',
  '',
  '```bash',
  'npm i -g example-cli',
  'example login',
  '```',
  '',
  'In CI, set `EXAMPLE_TOKEN` instead of logging in; the CLI reads its other settings from `~/.example/config.toml` [2].',
].join('\n');
const DEVICES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
];

/** A plain docs page (header, sidebar, article) in the host's light or dark mode, embedding the widget with one tag. */
function showcasePage(harness: WidgetHarness, theme: 'light' | 'dark'): string {
  return `<!doctype html>
<html lang="en" class="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quickstart — Example docs</title>
<style>
body { margin: 0; font: 16px/1.65 ui-sans-serif, system-ui, sans-serif; color: #1f2937; background: #fff; }
.dark body { color: #d1d5db; background: #0b0f19; }
header { display: flex; align-items: center; gap: 10px; height: 56px; padding: 0 24px; border-bottom: 1px solid #e5e7eb; font-weight: 700; }
.dark header { border-color: #1f2937; color: #f9fafb; }
header span { width: 22px; height: 22px; border-radius: 6px; background: #16a34a; }
.layout { display: flex; }
nav { width: 220px; padding: 24px; font-size: 14px; line-height: 2.2; color: #6b7280; }
nav b { display: block; color: inherit; text-transform: uppercase; font-size: 12px; letter-spacing: .05em; }
nav .current { color: #16a34a; font-weight: 600; }
article { flex: 1; max-width: 640px; padding: 32px 40px; }
h1 { margin: 0 0 8px; font-size: 30px; }
.dark h1 { color: #f9fafb; }
pre { padding: 14px 16px; border-radius: 10px; background: #0f172a; color: #e5e7eb; font-size: 14px; }
@media (max-width: 640px) { nav { display: none; } article { padding: 24px 20px; } }
</style>
</head>
<body>
<header><span></span>Example</header>
<div class="layout">
<nav><b>Start</b><div class="current">Quickstart</div><div>Configure the CLI</div><div>Billing</div></nav>
<article>
<h1>Quickstart</h1>
<p>Install the Example CLI and connect it to your account in two minutes.</p>
<pre><code>npm i -g example-cli
example login</code></pre>
<p>The CLI reads its settings from <code>~/.example/config.toml</code> on every run. In CI pipelines, set <code>EXAMPLE_TOKEN</code> to skip the interactive login.</p>
</article>
</div>
<script async src="${harness.baseUrl}/widget.js" data-domain="example" data-key="${harness.key}"></script>
</body>
</html>
`;
}

async function capture(
  browser: Browser,
  harness: WidgetHarness,
  script: { deltas: string[]; gate?: Promise<void> },
): Promise<string[]> {
  const written: string[] = [];
  for (const device of DEVICES) {
    for (const theme of ['light', 'dark'] as const) {
      const url = harness.servePage(`/${device.name}-${theme}`, showcasePage(harness, theme));
      const context = await browser.newContext({
        viewport: device.viewport,
        isMobile: device.isMobile,
        colorScheme: theme,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const shoot = async (state: string): Promise<void> => {
        const file = path.join(OUT, `${state}-${device.name}-${theme}.png`);
        await page.screenshot({ path: file });
        written.push(file);
      };
      await page.goto(url);
      await page.locator('.docsmith-launcher').waitFor();
      await shoot('closed');
      await page.keyboard.press('Control+i');
      await page.locator('.docsmith-starter').first().waitFor();
      await shoot('empty');
      let release = (): void => {};
      script.deltas = ANSWER.slice(0, 150).match(/[^]{1,12}/g) ?? [];
      script.gate = new Promise((resolve) => (release = resolve));
      await ask(page, 'How do I install the CLI?');
      await page.locator('.docsmith-assistant pre').waitFor();
      await shoot('answering');
      release();
      script.deltas = ANSWER.match(/[^]{1,12}/g) ?? [];
      delete script.gate;
      await page.getByRole('button', { name: 'New conversation' }).click();
      await ask(page, 'How do I install the CLI?');
      await page.locator('.docsmith-rate').first().waitFor();
      await page.getByRole('button', { name: 'Helpful', exact: true }).click();
      await blur(page);
      await shoot('answered');
      await page.route(`${harness.baseUrl}/v2/assistant/example/message`, (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: {
            'retry-after': '170',
            'access-control-allow-origin': new URL(url).origin,
            'access-control-expose-headers': 'retry-after',
          },
          body: '{"error":{"code":"rate_limited","message":"Rate limit exceeded."}}',
        }),
      );
      await ask(page, 'And in CI?');
      await page.locator('.docsmith-problem p').waitFor();
      await blur(page);
      await shoot('error');
      await context.close();
    }
  }
  return written;
}

async function ask(page: Page, question: string): Promise<void> {
  await page.fill('.docsmith-panel [name="question"]', question);
  await page.press('.docsmith-panel [name="question"]', 'Enter');
}

/** Takes the keyboard out of the question box, so the picture has no focus ring or caret. */
async function blur(page: Page): Promise<void> {
  await page.evaluate(`document.querySelector('docsmith-assistant').shadowRoot.activeElement?.blur()`);
}

if (hasBrowserPrerequisites('the widget screenshots')) {
  const script: { deltas: string[]; gate?: Promise<void> } = { deltas: [] };
  const harness = await startWidgetHarness({
    model: scriptedModel(script),
    settings: {
      domains: {
        example: {
          starterQuestions: [
            'How do I install the CLI?',
            'Where does the CLI read its settings?',
            'When are invoices emailed?',
          ],
          support: { email: 'support@example.com' },
        },
      },
    },
  });
  const browser = await launchChromium();
  try {
    await mkdir(OUT, { recursive: true });
    for (const file of await capture(browser, harness, script))
      process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
  } finally {
    await browser.close();
    await harness.close();
  }
}

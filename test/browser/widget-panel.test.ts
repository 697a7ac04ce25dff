import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedModel } from '../reliability/scripted-model.ts';
import {
  docsPage,
  hasBrowserPrerequisites,
  launchChromium,
  startWidgetHarness,
  type WidgetHarness,
} from '../helpers/widget-harness.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SETTINGS = {
  domains: {
    example: {
      starterQuestions: [
        'How do I install the CLI?',
        'Where does the CLI read its settings?',
        'When are invoices emailed?',
      ],
      starterQuestionsByPath: { '/billing': ['When are invoices emailed?'] },
      support: { email: 'support@example.com' },
    },
  },
};
/** A long answer: Markdown, a code line far wider than the panel, and citations of sources 1 and 2 only. */
const LONG_ANSWER = [
  'Install the CLI, then log in [1].',
  '',
  '```bash',
  `npm i -g example-cli && example login --token "$EXAMPLE_TOKEN" ${'--verbose '.repeat(20)}`,
  '```',
  '',
  'Settings live in `~/.example/config.toml` [2].',
].join('\n');

const suite = hasBrowserPrerequisites('the widget in a real browser');

/** What has the keyboard inside the widget's shadow root: its classes, accessible label and link. */
async function focused(
  page: Page,
): Promise<{ className: string; label: string; href: string | null; inPanel: boolean } | null> {
  return page.evaluate(`(() => {
    const root = document.querySelector('docsmith-assistant')?.shadowRoot;
    const active = root?.activeElement;
    if (!active) return null;
    return { className: String(active.className), label: active.getAttribute('aria-label') ?? active.textContent ?? '', href: active.getAttribute('href'), inPanel: Boolean(active.closest('.docsmith-panel')) };
  })()`);
}

/** axe-core's serious and critical violations in the widget (its shadow tree included), as `rule: target` lines. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(`axe.run(document.querySelector('docsmith-assistant'), { resultTypes: ['violations'] }).then((result) =>
    result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => violation.id + ': ' + JSON.stringify(node.target) + ' ' + node.failureSummary)))`);
}

/** Asks in the open panel and waits until the answer is finished (its thumbs show). */
async function ask(page: Page, question: string, answers: number): Promise<void> {
  await page.fill('.docsmith-panel [name="question"]', question);
  await page.press('.docsmith-panel [name="question"]', 'Enter');
  await page
    .locator('.docsmith-assistant')
    .nth(answers - 1)
    .locator('.docsmith-rate')
    .first()
    .waitFor({ timeout: 15_000 });
}

describe.skipIf(!suite)('the widget on a docs page of another origin (Chromium)', () => {
  let harness: WidgetHarness;
  let browser: Browser;
  let pageUrl: string;
  const open = async (options: BrowserContextOptions = {}, url = pageUrl): Promise<Page> => {
    const context = await browser.newContext({ viewport: DESKTOP, ...options });
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('.docsmith-launcher').waitFor();
    return page;
  };
  beforeAll(async () => {
    harness = await startWidgetHarness({ settings: SETTINGS });
    pageUrl = harness.servePage(
      '/quickstart',
      docsPage({
        src: `${harness.baseUrl}/widget.js`,
        attributes: { 'data-domain': 'example', 'data-key': harness.key },
      }),
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it('one tag adds a named launcher; the panel opens from it and from Ctrl+I, has the site name and a close button, closes on Escape, and gives the keyboard back to the launcher', async () => {
    const page = await open();
    const launcher = page.getByRole('button', { name: 'Ask AI' });
    expect(await launcher.getAttribute('aria-keyshortcuts')).toBe('Control+I');
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Example Assistant' });
    await dialog.waitFor();
    expect(await launcher.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await focused(page))?.className).toContain('docsmith-input');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page))?.className).toContain('docsmith-launcher');
    await page.keyboard.press('Control+i');
    await dialog.waitFor();
    await page.getByRole('button', { name: 'Close assistant' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page))?.className).toContain('docsmith-launcher');
    await page.keyboard.press('Control+i');
    await dialog.waitFor();
    await page.keyboard.press('Control+i');
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('is a side panel on desktop and a full-height sheet on a phone; without motion for readers who ask for less', async () => {
    const desktop = await open();
    await desktop.keyboard.press('Control+i');
    // The panel slides in: it comes to rest at the side.
    await expect
      .poll(() => desktop.locator('.docsmith-panel').boundingBox(), { timeout: 10_000 })
      .toEqual({ x: DESKTOP.width - 440, y: 0, width: 440, height: DESKTOP.height });
    expect(
      await desktop.locator('.docsmith-panel').evaluate((panel) => getComputedStyle(panel).transitionDuration),
    ).not.toBe('0s');
    await desktop.context().close();
    const phone = await open({ viewport: PHONE, reducedMotion: 'reduce', isMobile: true, hasTouch: true });
    await phone.getByRole('button', { name: 'Ask AI' }).tap();
    const sheet = await phone.locator('.docsmith-panel').boundingBox();
    expect(sheet).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await phone.locator('.docsmith-panel').evaluate((panel) => getComputedStyle(panel).transitionDuration)).toBe(
      '0s',
    );
    await phone.context().close();
  });

  it("keeps the host page's styles out and its own in", async () => {
    const page = await open();
    const launcher = page.getByRole('button', { name: 'Ask AI' });
    const launcherStyle = await launcher.evaluate((button) => {
      const style = getComputedStyle(button);
      return {
        font: style.fontFamily,
        size: style.fontSize,
        letterSpacing: style.letterSpacing,
        background: style.backgroundColor,
        border: style.borderTopStyle,
      };
    });
    expect(launcherStyle).toEqual({
      font: expect.not.stringContaining('Georgia'),
      size: '14px',
      letterSpacing: 'normal',
      background: 'rgb(22, 163, 74)',
      border: 'none',
    });
    await launcher.click();
    await ask(page, 'Where does the CLI read its settings?', 1);
    const answerStyle = await page
      .locator('.docsmith-assistant .docsmith-text p')
      .first()
      .evaluate((paragraph) => {
        const style = getComputedStyle(paragraph);
        return {
          font: style.fontFamily,
          lineHeight: style.lineHeight,
          color: style.color,
          margin: style.marginLeft,
          background: getComputedStyle(paragraph.closest('.docsmith-panel') as Element).backgroundColor,
        };
      });
    expect(answerStyle).toEqual({
      font: expect.stringMatching(/system-ui/),
      lineHeight: `${14 * 1.55}px`,
      color: 'rgb(17, 24, 39)',
      margin: '0px',
      background: 'rgb(255, 255, 255)',
    });
    const hostParagraph = await page
      .locator('body > p')
      .first()
      .evaluate((paragraph) => getComputedStyle(paragraph).fontFamily);
    expect(hostParagraph).toContain('Georgia');
    await page.context().close();
  });

  it("follows the host's dark mode (class, data-theme or the system), live, with the site's colour kept readable", async () => {
    const darkClass = harness.servePage(
      '/dark',
      docsPage(
        { src: `${harness.baseUrl}/widget.js`, attributes: { 'data-domain': 'example', 'data-key': harness.key } },
        'class="dark"',
      ),
    );
    const theme = (page: Page) => page.locator('.docsmith-theme').getAttribute('data-theme');
    const page = await open({}, darkClass);
    expect(await theme(page)).toBe('dark');
    await page.keyboard.press('Control+i');
    expect(await page.locator('.docsmith-panel').evaluate((panel) => getComputedStyle(panel).backgroundColor)).toBe(
      'rgb(17, 24, 39)',
    );
    await page.keyboard.press('Escape');
    await page.evaluate(`document.documentElement.classList.remove('dark')`);
    await page.waitForFunction(
      `document.querySelector('docsmith-assistant').shadowRoot.querySelector('.docsmith-theme').dataset.theme === 'light'`,
    );
    await page.evaluate(`document.documentElement.dataset.theme = 'dark'`);
    await page.waitForFunction(
      `document.querySelector('docsmith-assistant').shadowRoot.querySelector('.docsmith-theme').dataset.theme === 'dark'`,
    );
    await page.context().close();
    const system = await open({ colorScheme: 'dark' });
    expect(await theme(system)).toBe('dark');
    await system.emulateMedia({ colorScheme: 'light' });
    await system.waitForFunction(
      `document.querySelector('docsmith-assistant').shadowRoot.querySelector('.docsmith-theme').dataset.theme === 'light'`,
    );
    await system.context().close();
    const forced = harness.servePage(
      '/forced-light',
      docsPage({
        src: `${harness.baseUrl}/widget.js`,
        attributes: {
          'data-domain': 'example',
          'data-key': harness.key,
          'data-theme': 'light',
          'data-color': '#7C3AED',
        },
      }),
    );
    const light = await open({ colorScheme: 'dark' }, forced);
    expect(await theme(light)).toBe('light');
    expect(
      await light
        .getByRole('button', { name: 'Ask AI' })
        .evaluate((button) => [getComputedStyle(button).backgroundColor, getComputedStyle(button).color]),
    ).toEqual(['rgb(124, 58, 237)', 'rgb(255, 255, 255)']);
    await light.context().close();
  });

  it("offers the operator's starter questions for the page (by path prefix), a click asks one; the script's attributes override them", async () => {
    const page = await open();
    await page.keyboard.press('Control+i');
    const starters = page.locator('.docsmith-starter');
    await starters.first().waitFor();
    expect(await starters.allTextContents()).toEqual(SETTINGS.domains.example.starterQuestions);
    await starters.nth(1).click();
    await page.locator('.docsmith-rate').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.docsmith-user').textContent()).toBe('Where does the CLI read its settings?');
    expect(await page.locator('.docsmith-assistant .docsmith-text').textContent()).toContain('config.toml');
    await page.context().close();
    const billing = await open(
      {},
      harness.servePage(
        '/billing/invoices',
        docsPage({
          src: `${harness.baseUrl}/widget.js`,
          attributes: { 'data-domain': 'example', 'data-key': harness.key },
        }),
      ),
    );
    await billing.keyboard.press('Control+i');
    await billing.locator('.docsmith-starter').first().waitFor();
    expect(await billing.locator('.docsmith-starter').allTextContents()).toEqual(['When are invoices emailed?']);
    await billing.context().close();
    const own = await open(
      {},
      harness.servePage(
        '/own',
        docsPage({
          src: `${harness.baseUrl}/widget.js`,
          attributes: {
            'data-domain': 'example',
            'data-key': harness.key,
            'data-starter-questions': 'Is there a free plan? | How do I log in?',
            'data-label': 'Ask the docs',
            'data-shortcut': 'mod+k',
          },
        }),
      ),
    );
    await own.keyboard.press('Control+k');
    await own.locator('.docsmith-starter').first().waitFor();
    expect(await own.locator('.docsmith-starter').allTextContents()).toEqual([
      'Is there a free plan?',
      'How do I log in?',
    ]);
    expect(await own.getByRole('button', { name: 'Ask the docs' }).getAttribute('aria-keyshortcuts')).toBe('Control+K');
    await own.context().close();
  });

  it('keyboard only: opens, asks, tabs to a citation, closes; Tab stays inside the open panel', async () => {
    const page = await open();
    await page.keyboard.press('Tab');
    expect((await focused(page))?.className).toContain('docsmith-launcher');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page))?.className).toContain('docsmith-input');
    await page.keyboard.type('How do I install the CLI?');
    await page.keyboard.press('Enter');
    await page.locator('.docsmith-rate').first().waitFor({ timeout: 15_000 });
    let citation: Awaited<ReturnType<typeof focused>> = null;
    for (let presses = 0; presses < 12 && !citation?.className.includes('docsmith-citation'); presses += 1) {
      await page.keyboard.press('Tab');
      citation = await focused(page);
    }
    expect(citation).toMatchObject({
      className: 'docsmith-citation',
      label: 'Source 1: Quickstart › Install',
      href: 'https://docs.example.com/quickstart#install',
    });
    for (let presses = 0; presses < 25; presses += 1) {
      await page.keyboard.press(presses % 3 === 0 ? 'Shift+Tab' : 'Tab');
      expect((await focused(page))?.inPanel).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect((await focused(page))?.className).toContain('docsmith-launcher');
    await page.context().close();
  });

  it('thumbs take an optional comment and are sent once: with the comment, or alone when the reader moves on', async () => {
    const page = await open();
    await page.keyboard.press('Control+i');
    await ask(page, 'How do I install the CLI?', 1);
    const sent: unknown[] = [];
    page.on('request', (request) => void (request.url().endsWith('/feedback') && sent.push(request.postDataJSON())));
    await page.getByRole('button', { name: 'Not helpful' }).click();
    await page.getByLabel('What was missing or wrong? (optional)').fill('Which Node version?');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Thanks — this helps improve the docs.').waitFor();
    await ask(page, 'When are invoices emailed?', 2);
    await page.locator('.docsmith-assistant').nth(1).getByRole('button', { name: 'Helpful', exact: true }).click();
    await page.getByRole('button', { name: 'Close assistant' }).click();
    await page.getByText('Thanks for the feedback!').waitFor({ state: 'attached' });
    expect(sent).toEqual([
      expect.objectContaining({ rating: 'down', comment: 'Which Node version?' }),
      expect.not.objectContaining({ comment: expect.anything() }),
    ]);
    const report = await harness.app.inject({
      url: '/v1/analytics/example/questions',
      headers: { authorization: `Bearer ${harness.adminKey}` },
    });
    expect(report.json().feedback).toMatchObject({
      up: 1,
      down: 1,
      comments: [{ rating: 'down', comment: 'Which Node version?' }],
    });
    await page.context().close();
  });

  it('offers the support contact when the docs do not hold the answer, and never shows the thread id', async () => {
    const page = await open();
    await page.keyboard.press('Control+i');
    const response = page.waitForResponse((candidate) => candidate.url().endsWith('/message'));
    await ask(page, 'Can I pay with seashells?', 1);
    const threadId = (await response).headers()['x-thread-id'] as string;
    const support = page.getByRole('link', { name: 'Contact support' });
    expect(await support.getAttribute('href')).toBe('mailto:support@example.com');
    expect(await page.locator('.docsmith-panel').textContent()).not.toContain(threadId);
    await page.getByRole('button', { name: 'New conversation' }).click();
    expect(await page.locator('.docsmith-message').count()).toBe(0);
    expect(await support.count()).toBe(0);
    await page.context().close();
  });

  it('a key that cannot work here: one sentence for the reader, the precise reason in the console at load', async () => {
    const errors: string[] = [];
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await page.goto(
      harness.servePage(
        '/bad-key',
        docsPage({
          src: `${harness.baseUrl}/widget.js`,
          attributes: { 'data-domain': 'example', 'data-key': 'ds_000000000000_revoked' },
        }),
      ),
    );
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await page.getByText("This assistant isn't available on this page.").waitFor();
    expect(await page.locator('.docsmith-panel [name="question"]').isDisabled()).toBe(true);
    expect(await page.locator('.docsmith-panel').textContent()).not.toMatch(/invalid_key|\{|401/);
    expect(errors.some((line) => line.includes('401 invalid_key: The API key is not valid.'))).toBe(true);
    const elsewhere = await context.newPage();
    const elsewhereErrors: string[] = [];
    elsewhere.on('console', (message) => void (message.type() === 'error' && elsewhereErrors.push(message.text())));
    const otherOrigin = pageUrl.replace('localhost', '127.0.0.1');
    await elsewhere.goto(otherOrigin);
    await elsewhere.getByRole('button', { name: 'Ask AI' }).click();
    await elsewhere.getByText("This assistant isn't available on this page.").waitFor();
    expect(
      elsewhereErrors.some((line) =>
        line.includes('403 forbidden_origin: The API key is not allowed from this origin'),
      ),
    ).toBe(true);
    await context.close();
  });

  it('says it is searching until the first bytes of the answer arrive', async () => {
    const page = await open();
    await page.keyboard.press('Control+i');
    let letThrough = (): void => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(`${harness.baseUrl}/v2/assistant/example/message`, async (route) => {
      await held;
      await route.continue();
    });
    await page.fill('.docsmith-panel [name="question"]', 'How do I install the CLI?');
    await page.press('.docsmith-panel [name="question"]', 'Enter');
    await page.getByText('Searching the docs…').waitFor();
    expect(await page.getByRole('button', { name: 'Stop answering' }).count()).toBe(1);
    letThrough();
    await page.locator('.docsmith-rate').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.docsmith-pending').count()).toBe(0);
    await page.context().close();
  });

  it('works under a strict Content-Security-Policy with the nonce on its tag', async () => {
    const csp = `script-src 'nonce-r4nd0m'; style-src 'nonce-r4nd0m'; connect-src ${harness.baseUrl}`;
    const strict = harness.servePage(
      '/strict',
      docsPage({
        src: `${harness.baseUrl}/widget.js`,
        attributes: { 'data-domain': 'example', 'data-key': harness.key, nonce: 'r4nd0m' },
      }),
      { 'content-security-policy': csp },
    );
    const violations: string[] = [];
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    page.on(
      'console',
      (message) => void (/Content Security Policy/.test(message.text()) && violations.push(message.text())),
    );
    await page.goto(strict);
    const launcher = page.getByRole('button', { name: 'Ask AI' });
    await launcher.waitFor();
    expect(await launcher.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(22, 163, 74)');
    await launcher.click();
    await ask(page, 'How do I install the CLI?', 1);
    expect(await page.locator('.docsmith-assistant .docsmith-text').textContent()).toContain('npm i -g example-cli');
    expect(violations.filter((line) => !line.includes('inline'))).toEqual([]);
    await context.close();
  });

  it('a chat bundle that does not arrive is told in the panel, and Try again loads it', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.route(/\/widget-chat\.[0-9a-f]{12}\.js$/, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(pageUrl);
    await page.keyboard.press('Control+i');
    await page.getByText("Couldn't reach the assistant. Check your connection and try again.").waitFor();
    await context.unroute(/\/widget-chat\.[0-9a-f]{12}\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.docsmith-starter').first().waitFor();
    await expect.poll(async () => (await focused(page))?.className).toContain('docsmith-input');
    await context.close();
  });

  it('offline, and a stream cut short: the reader is told and Try again resends the question', async () => {
    const page = await open();
    await page.keyboard.press('Control+i');
    await page.context().setOffline(true);
    await page.fill('.docsmith-panel [name="question"]', 'How do I install the CLI?');
    await page.press('.docsmith-panel [name="question"]', 'Enter');
    await page.getByText("You're offline. Reconnect and try again.").waitFor();
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.docsmith-rate').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.docsmith-user').count()).toBe(1);
    const messageUrl = `${harness.baseUrl}/v2/assistant/example/message`;
    await page.route(messageUrl, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'access-control-allow-origin': harness.hostOrigin },
        body: 'data: {"type":"start","messageId":"msg_cut"}\n\ndata: {"type":"text-start","id":"t"}\n\ndata: {"type":"text-delta","id":"t","delta":"Invoices are em"}\n\n',
      }),
    );
    await page.fill('.docsmith-panel [name="question"]', 'When are invoices emailed?');
    await page.press('.docsmith-panel [name="question"]', 'Enter');
    await page.getByText('The answer was cut off. Check your connection and try again.').waitFor();
    await page.unroute(messageUrl);
    const resent = page.waitForRequest(messageUrl);
    await page.getByRole('button', { name: 'Try again' }).click();
    const body = (await resent).postDataJSON() as { messages: { role: string; parts: { text: string }[] }[] };
    expect(body.messages.map((message) => `${message.role}: ${message.parts[0]?.text.slice(0, 20)}`)).toEqual([
      'user: How do I install the',
      'assistant: Install the CLI with',
      'user: When are invoices em',
    ]);
    await page.locator('.docsmith-assistant').nth(1).locator('.docsmith-rate').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.docsmith-assistant').nth(1).textContent()).toContain('first day');
    expect(await page.locator('.docsmith-problem').textContent()).toBe('');
    await page.context().close();
  });
});

describe.skipIf(!suite)('the widget past its limit (Chromium)', () => {
  it('says when to try again, in human units from Retry-After', async () => {
    const harness = await startWidgetHarness({ limits: { perKeyPerMonth: 1, perOrgPerHour: 1000, perIpPerDay: 1000 } });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(
        harness.servePage(
          '/',
          docsPage({
            src: `${harness.baseUrl}/widget.js`,
            attributes: { 'data-domain': 'example', 'data-key': harness.key },
          }),
        ),
      );
      await page.getByRole('button', { name: 'Ask AI' }).click();
      await ask(page, 'How do I install the CLI?', 1);
      const refused = page.waitForResponse((response) => response.url().endsWith('/message'));
      await page.fill('.docsmith-panel [name="question"]', 'And how do I log in?');
      await page.press('.docsmith-panel [name="question"]', 'Enter');
      const retryAfter = Number((await refused).headers()['retry-after']);
      const sentence = (await page.locator('.docsmith-problem p').textContent()) ?? '';
      const [, amount, unit] =
        /^Too many questions right now — try again in (\d+) (second|minute|hour|day)s?\.$/.exec(sentence) ?? [];
      const seconds = { second: 1, minute: 60, hour: 3600, day: 86_400 }[unit as 'day'];
      expect(Number(amount) * seconds).toBeGreaterThanOrEqual(retryAfter);
      expect((Number(amount) - 1) * seconds).toBeLessThan(retryAfter);
    } finally {
      await browser.close();
      await harness.close();
    }
  });
});

describe.skipIf(!suite)('answers in the widget, and accessibility in every state (Chromium)', () => {
  let harness: WidgetHarness;
  let browser: Browser;
  let pageUrl: string;
  let release = (): void => {};
  const script: { deltas: string[]; gate?: Promise<void> } = { deltas: [] };
  beforeAll(async () => {
    harness = await startWidgetHarness({ model: scriptedModel(script), settings: SETTINGS });
    pageUrl = harness.servePage(
      '/quickstart',
      docsPage({
        src: `${harness.baseUrl}/widget.js`,
        attributes: { 'data-domain': 'example', 'data-key': harness.key },
      }),
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    release();
    await browser?.close();
    await harness?.close();
  });

  it('renders code with a copy button and sideways scroll inside the panel, cited sources as cards, the rest behind "more", and copies the answer', async () => {
    script.deltas = LONG_ANSWER.match(/[^]{1,9}/g) ?? [];
    delete script.gate;
    const context = await browser.newContext({ viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(pageUrl);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await ask(page, 'How do I install the CLI, where are its settings, and when are invoices emailed?', 1);
    const answer = page.locator('.docsmith-assistant');
    const code = await answer.locator('pre').evaluate((pre) => ({
      scrolls: pre.scrollWidth > pre.clientWidth,
      right: pre.getBoundingClientRect().right,
      focusable: pre.tabIndex === 0,
    }));
    expect(code).toEqual({ scrolls: true, right: expect.any(Number), focusable: true });
    expect(code.right).toBeLessThanOrEqual(PHONE.width);
    await answer.getByRole('button', { name: 'Copy code' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${LONG_ANSWER.split('\n')[3]}\n`);
    const cards = answer.locator('.docsmith-source-list').first().locator('.docsmith-source');
    expect(
      await cards.evaluateAll((links) =>
        links.map((link) => [
          link.querySelector('.docsmith-source-number')?.textContent,
          link.querySelector('.docsmith-source-crumb')?.textContent,
          link.getAttribute('href'),
        ]),
      ),
    ).toEqual([
      ['1', 'Start', expect.stringMatching(/^https:\/\/docs\.example\.com\//)],
      ['2', 'Start', expect.stringMatching(/^https:\/\/docs\.example\.com\//)],
    ]);
    const newTabLinks = await answer
      .locator('a')
      .evaluateAll((links) =>
        links.map((link) => [link.className, link.getAttribute('target'), link.getAttribute('rel')]),
      );
    expect(new Set(newTabLinks.map(([className]) => className))).toEqual(
      new Set(['docsmith-citation', 'docsmith-source']),
    );
    for (const [, target, rel] of newTabLinks) expect([target, rel]).toEqual(['_blank', 'noopener noreferrer']);
    const more = answer.locator('.docsmith-more-sources');
    expect(await more.locator('summary').textContent()).toBe('1 more source');
    expect(await more.locator('.docsmith-source').isVisible()).toBe(false);
    await more.locator('summary').click();
    expect(await more.locator('.docsmith-source-number').textContent()).toBe('3');
    await answer.getByRole('button', { name: 'Copy answer' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toMatch(
      /^Install the CLI, then log in \[1\]\.[^]*\n\nSources:\n\[1\] .+: https:\/\/docs\.example\.com\/.+\n\[2\] .+\n$/,
    );
    expect(await page.locator('.docsmith-live p').allTextContents()).toEqual([
      'Install the CLI, then log in [1].',
      `${LONG_ANSWER.split('\n')[3]}\n`,
      'Settings live in ~/.example/config.toml [2].',
    ]);
    await context.close();
  });

  const configurations: [string, BrowserContextOptions][] = [
    ['desktop, light', { viewport: DESKTOP, colorScheme: 'light' }],
    ['desktop, dark', { viewport: DESKTOP, colorScheme: 'dark' }],
    ['phone, light', { viewport: PHONE, colorScheme: 'light', isMobile: true }],
    ['phone, dark', { viewport: PHONE, colorScheme: 'dark', isMobile: true }],
  ];
  it.each(configurations)(
    'axe finds no serious or critical violation in the open panel, empty, answering, answered and in error (%s)',
    async (_name, options) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(pageUrl);
      await page.getByRole('button', { name: 'Ask AI' }).click();
      await page.locator('.docsmith-starter').first().waitFor();
      expect(await axeViolations(page), 'empty').toEqual([]);
      script.deltas = LONG_ANSWER.match(/[^]{1,9}/g) ?? [];
      script.gate = new Promise((resolve) => (release = resolve));
      await page.fill('.docsmith-panel [name="question"]', 'How do I install the CLI?');
      await page.press('.docsmith-panel [name="question"]', 'Enter');
      await page.locator('.docsmith-assistant pre').waitFor({ timeout: 15_000 });
      expect(await page.getAttribute('.docsmith-chat', 'data-status')).toBe('streaming');
      expect(await page.getAttribute('.docsmith-messages', 'aria-busy')).toBe('true');
      expect(await axeViolations(page), 'answering').toEqual([]);
      release();
      await page.locator('.docsmith-rate').first().waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Not helpful' }).click();
      expect(await axeViolations(page), 'answered').toEqual([]);
      await page.route(`${harness.baseUrl}/v2/assistant/example/message`, (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': harness.hostOrigin },
          body: JSON.stringify({
            error: { code: 'store_unavailable', message: 'A storage backend is unavailable; retry shortly.' },
          }),
        }),
      );
      await page.fill('.docsmith-panel [name="question"]', 'And in CI?');
      await page.press('.docsmith-panel [name="question"]', 'Enter');
      await page.getByText('The assistant is having trouble right now. Try again in a moment.').waitFor();
      expect(await axeViolations(page), 'error').toEqual([]);
      await context.close();
    },
  );

  it('an answer stopped before its first words leaves no empty answer, and is not sent back with the next question', async () => {
    script.deltas = [];
    script.gate = new Promise<void>((resolve) => (release = resolve));
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(pageUrl);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await page.fill('.docsmith-panel [name="question"]', 'How do I install the CLI?');
    await page.press('.docsmith-panel [name="question"]', 'Enter');
    await page.locator('.docsmith-chat[data-status="streaming"]').waitFor();
    await page.getByRole('button', { name: 'Stop answering' }).click();
    await page.locator('.docsmith-chat[data-status="ready"]').waitFor();
    expect(await page.locator('.docsmith-message').evaluateAll((items) => items.map((item) => item.className))).toEqual(
      ['docsmith-message docsmith-user'],
    );
    release();
    script.deltas = ['An answer. '];
    delete script.gate;
    const sent = page.waitForRequest((request) => request.url().endsWith('/v2/assistant/example/message'));
    await ask(page, 'Where does the CLI read its settings?', 1);
    const history = (await sent).postDataJSON() as { messages: { role: string; parts: { text: string }[] }[] };
    expect(history.messages.map((message) => [message.role, message.parts[0]?.text])).toEqual([
      ['user', 'How do I install the CLI?'],
      ['user', 'Where does the CLI read its settings?'],
    ]);
    await page.close();
  });

  it('an answer stopped after its first words keeps them, says in words that it was stopped and can be copied', async () => {
    script.deltas = ['Install the CLI with npm. ', 'Then log in.'];
    script.gate = new Promise<void>((resolve) => (release = resolve));
    const page = await browser.newPage({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(pageUrl);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await page.fill('.docsmith-panel [name="question"]', 'How do I install the CLI?');
    await page.press('.docsmith-panel [name="question"]', 'Enter');
    await page.locator('.docsmith-assistant .docsmith-text', { hasText: 'Then log in.' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Stop answering' }).click();
    await page.locator('.docsmith-chat[data-status="ready"]').waitFor();
    release();
    const answer = page.locator('.docsmith-assistant');
    expect(await answer.locator('.docsmith-text').innerText()).toContain('Install the CLI with npm. Then log in.');
    expect(await answer.locator('.docsmith-stopped').innerText()).toBe('Stopped — this answer is incomplete.');
    await expect
      .poll(() => page.locator('.docsmith-live p').allTextContents())
      .toContain('Stopped — this answer is incomplete.');
    expect(await answer.locator('.docsmith-rate').count()).toBe(0);
    await answer.getByRole('button', { name: 'Copy answer' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toMatch(
      /^Install the CLI with npm\. Then log in\.\n\n_Stopped — this answer is incomplete\._\n/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the conversation survives a reload in the tab, follow-ups stay in its thread, and "New conversation" forgets it', async () => {
    script.deltas = ['Install it with npm. '];
    delete script.gate;
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(pageUrl);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    const first = page.waitForResponse((response) => response.url().endsWith('/v2/assistant/example/message'));
    await ask(page, 'How do I install the CLI?', 1);
    const threadId = (await first).headers()['x-thread-id'];
    expect(threadId).toBeTruthy();
    await page.reload();
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await page.locator('.docsmith-assistant .docsmith-rate').first().waitFor();
    expect(await page.locator('.docsmith-message').allInnerTexts()).toEqual([
      'How do I install the CLI?',
      expect.stringContaining('Install it with npm.'),
    ]);
    expect(await page.locator('.docsmith-live p').count()).toBe(0);
    const sent = page.waitForRequest((request) => request.url().endsWith('/v2/assistant/example/message'));
    await ask(page, 'And on Windows?', 2);
    const body = (await sent).postDataJSON() as { threadId: string; messages: { role: string }[] };
    expect(body.threadId).toBe(threadId);
    expect(body.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    const otherTab = await context.newPage();
    await otherTab.goto(pageUrl);
    await otherTab.getByRole('button', { name: 'Ask AI' }).click();
    await otherTab.locator('.docsmith-empty').waitFor();
    expect(await otherTab.locator('.docsmith-message').count()).toBe(0);
    await page.getByRole('button', { name: 'New conversation' }).click();
    expect(await page.locator('.docsmith-message').count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await page.locator('.docsmith-empty').waitFor();
    expect(await page.locator('.docsmith-message').count()).toBe(0);
    await context.close();
  });

  it('an answer that fails after it began says so and offers a retry', async () => {
    const failing = await startWidgetHarness({ model: scriptedModel({ fail: new Error('provider down') }) });
    try {
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(
        failing.servePage(
          '/',
          docsPage({
            src: `${failing.baseUrl}/widget.js`,
            attributes: { 'data-domain': 'example', 'data-key': failing.key },
          }),
        ),
      );
      await page.getByRole('button', { name: 'Ask AI' }).click();
      await page.fill('.docsmith-panel [name="question"]', 'How do I install the CLI?');
      await page.press('.docsmith-panel [name="question"]', 'Enter');
      await page.getByText("The assistant couldn't finish this answer. Try again.").waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
      await page.close();
    } finally {
      await failing.close();
    }
  });
});

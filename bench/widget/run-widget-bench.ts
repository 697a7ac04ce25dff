import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  docsPage,
  hasBrowserPrerequisites,
  launchChromium,
  startWidgetHarness,
  type WidgetHarness,
} from '../../test/helpers/widget-harness.ts';
import { median, printTable } from '../bench-helpers.ts';
import { mainThreadTime, threadThatParsed, tracedPageThread, type TraceEvent } from './main-thread-time.ts';

/** The bar (#32): main-thread work the widget adds to a page's load. */
const LOAD_BUDGET_MS = 50;
const RUNS = Number(process.env.BENCH_WIDGET_RUNS ?? 7);
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading'];
/** Every load is traced this long from navigation (the same window with and without the widget), and at least until the launcher shows. */
const WINDOW_MS = 3000;

/** A way the page is read: the screen and the processor's speed. */
interface Profile {
  name: string;
  context: BrowserContextOptions;
  /** Chromium's CPU slowdown (1: this machine's speed; 4: a mid-range phone, as Lighthouse's mobile preset). */
  cpuSlowdown: number;
}

const PROFILES: Profile[] = [
  { name: 'desktop 1280', context: { viewport: { width: 1280, height: 800 } }, cpuSlowdown: 1 },
  {
    name: 'phone 390, CPU ×4',
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    cpuSlowdown: 4,
  },
];

/** What the widget costs a page, by profile. */
export interface WidgetFigures {
  profiles: {
    name: string;
    /** Main-thread work of the page without the widget, ms (median). */
    barePageMs: number;
    /** The same page with the widget, ms (median). */
    withWidgetMs: number;
    /** Tasks that ran the widget's code or handled its requests, ms (median): the bar's measure. */
    widgetTasksMs: number;
    /** Main-thread work of the first open (Ctrl+I until the question box has the keyboard; the chat bundle runs then), ms (median). */
    firstOpenMs: number;
  }[];
  /** Bytes on the wire at load (headers and compressed bodies): loader, shell, settings (and its preflight). */
  loadBytes: Record<string, number>;
  /** Bytes fetched when the page is idle (the chat bundle), not run until needed. */
  idleBytes: number;
}

/**
 * Loads a docs page of another origin with and without the widget in Chromium (cold cache each run), traces the main
 * thread, and prints the widget's main-thread work at load (the tasks that ran its code or handled its requests,
 * and the difference with the bare page), the first open's, and the bytes it sent, against the 50 ms bar.
 */
export async function runWidgetBench(): Promise<WidgetFigures | undefined> {
  if (!hasBrowserPrerequisites('the widget bench')) return undefined;
  const harness = await startWidgetHarness({
    settings: { domains: { example: { starterQuestions: ['How do I install the CLI?'] } } },
  });
  const browser = await launchChromium();
  try {
    const embed = {
      src: `${harness.baseUrl}/widget.js`,
      attributes: { 'data-domain': 'example', 'data-key': harness.key },
    };
    const bareUrl = harness.servePage('/bare', docsPage(undefined));
    const widgetUrl = harness.servePage('/widget', docsPage(embed));
    const figures: WidgetFigures = { profiles: [], loadBytes: {}, idleBytes: 0 };
    for (const profile of PROFILES) {
      const bare: number[] = [];
      const withWidget: number[] = [];
      const widgetTasks: number[] = [];
      const firstOpen: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        bare.push((await tracedLoad(browser, profile, bareUrl, harness, false)).time.total);
        const loaded = await tracedLoad(browser, profile, widgetUrl, harness, true);
        withWidget.push(loaded.time.total);
        widgetTasks.push(loaded.time.attributed);
        firstOpen.push(loaded.firstOpenMs);
        if (profile.cpuSlowdown === 1 && run === 0)
          Object.assign(figures, { loadBytes: loaded.loadBytes, idleBytes: loaded.idleBytes });
      }
      figures.profiles.push({
        name: profile.name,
        barePageMs: median(bare),
        withWidgetMs: median(withWidget),
        widgetTasksMs: median(widgetTasks),
        firstOpenMs: median(firstOpen),
      });
    }
    printFigures(figures);
    return figures;
  } finally {
    await browser.close();
    await harness.close();
  }
}

async function tracedLoad(browser: Browser, profile: Profile, url: string, harness: WidgetHarness, widget: boolean) {
  const context = await browser.newContext(profile.context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  const loadBytes: Record<string, number> = {};
  let idleBytes = 0;
  page.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      const name = resourceName(request.url(), request.method(), harness.baseUrl);
      if (name === 'chat bundle (idle prefetch)') idleBytes += bytes;
      else if (name) loadBytes[name] = (loadBytes[name] ?? 0) + bytes;
    });
  });
  try {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    if (widget) await page.locator('.docsmith-launcher').waitFor();
    await page.waitForTimeout(Math.max(0, WINDOW_MS - (performance.now() - started)));
    const events = traceEvents(await browser.stopTracing());
    const time = mainThreadTime(events, threadThatParsed(events, url), (candidate) =>
      candidate.startsWith(harness.baseUrl),
    );
    const firstOpenMs = widget ? await tracedFirstOpen(browser, page) : 0;
    return { time, firstOpenMs, loadBytes, idleBytes };
  } finally {
    await context.close();
  }
}

/** Main-thread work from Ctrl+I until the question box has the keyboard (the chat bundle runs here, or on hover). */
async function tracedFirstOpen(browser: Browser, page: Page): Promise<number> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.keyboard.press('Control+i');
  await page.waitForFunction(
    `document.querySelector('docsmith-assistant').shadowRoot.activeElement?.name === 'question'`,
  );
  const events = traceEvents(await browser.stopTracing());
  return mainThreadTime(events, tracedPageThread(events), () => false).total;
}

function traceEvents(buffer: Buffer): TraceEvent[] {
  return (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
}

/** The part of the widget a request fetched, or undefined for the host's own requests. */
function resourceName(url: string, method: string, baseUrl: string): string | undefined {
  if (!url.startsWith(baseUrl)) return undefined;
  const path = new URL(url).pathname;
  if (path === '/widget.js') return 'loader widget.js';
  if (/^\/widget\.[0-9a-f]{12}\.js$/.test(path)) return 'shell widget.<hash>.js';
  if (/^\/widget-chat\.[0-9a-f]{12}\.js$/.test(path)) return 'chat bundle (idle prefetch)';
  if (path.endsWith('/settings')) return method === 'OPTIONS' ? 'settings preflight' : 'settings';
  return path;
}

function printFigures(figures: WidgetFigures): void {
  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  printTable(
    `Widget main-thread work at load (median of ${RUNS} cold loads per profile, each traced ${WINDOW_MS / 1000} s from navigation; bar ≤ ${LOAD_BUDGET_MS} ms)`,
    [
      'profile',
      'bare page',
      'with widget',
      'difference',
      'widget tasks',
      'ratio to bare page',
      `bar ${LOAD_BUDGET_MS} ms`,
      'first open',
    ],
    figures.profiles.map((profile) => [
      profile.name,
      ms(profile.barePageMs),
      ms(profile.withWidgetMs),
      ms(profile.withWidgetMs - profile.barePageMs),
      ms(profile.widgetTasksMs),
      `${(profile.widgetTasksMs / profile.barePageMs).toFixed(2)}×`,
      profile.widgetTasksMs <= LOAD_BUDGET_MS ? 'met' : 'MISSED',
      ms(profile.firstOpenMs),
    ]),
  );
  process.stdout.write(
    "  widget tasks: the tasks that ran the widget's scripts or received its responses (the bar's measure); difference: every\n" +
      "  main-thread task with the widget minus without, same window: adds the IPC and microtask tasks of its requests, and this machine's noise.\n",
  );
  const total = Object.values(figures.loadBytes).reduce((sum, bytes) => sum + bytes, 0);
  printTable(
    'Widget bytes on the wire (headers + compressed bodies, first load)',
    ['resource', 'bytes'],
    [
      ...Object.entries(figures.loadBytes).map(([name, bytes]) => [name, String(bytes)]),
      ['at load, in all', String(total)],
      ['chat bundle, prefetched when idle', String(figures.idleBytes)],
    ],
  );
}

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import type { Limits } from '../../runtime/limits/create-limiter.ts';
import type { AssistantSettingsFile } from '../../runtime/settings/assistant-settings-store.ts';
import { publishTestSite } from './publish-test-site.ts';

/** Debian's Chromium (`apt-get install chromium`), or `$DOCSMITH_CHROMIUM`. */
export const CHROMIUM = process.env.DOCSMITH_CHROMIUM ?? '/usr/bin/chromium';
/** Flags Chromium needs on these machines: no sandbox as root, and no background connections (the network is closed). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The bundled browser client. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** Whether the browser suites can run (Chromium, and web/dist built); when not, prints one line naming what to do. */
export function hasBrowserPrerequisites(suite: string): boolean {
  if (!existsSync(CHROMIUM))
    process.stderr.write(
      `skipped ${suite}: no ${CHROMIUM}; install Debian's chromium (apt-get install chromium) or set DOCSMITH_CHROMIUM\n`,
    );
  else if (!existsSync(path.join(WEB_DIST, 'widget.js')))
    process.stderr.write(`skipped ${suite}: web/dist is not built; run npm run build:web\n`);
  else return true;
  return false;
}

/** Starts Chromium headless with the flags this machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}

/** Options of `startWidgetHarness`. */
export interface WidgetHarnessOptions {
  /** Answer model (default: the offline extractive one). */
  model?: LanguageModelV3;
  /** The operator's settings file (default: none). */
  settings?: AssistantSettingsFile;
  limits?: Limits;
}

/** A runtime serving the test site `example` and a docs host on another origin that embeds its widget. */
export interface WidgetHarness {
  app: FastifyInstance;
  /** The runtime, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** The host of the docs pages, another origin (`http://localhost:…`). */
  hostOrigin: string;
  /** A key for `example` allowed from the host origin only. */
  key: string;
  /** An admin key for `example` (analytics). */
  adminKey: string;
  /** Serves `html` at `pagePath` of the host, with extra response `headers` (a Content-Security-Policy, say); returns its URL. */
  servePage(pagePath: string, html: string, headers?: Record<string, string>): string;
  close(): Promise<void>;
}

/** Starts the runtime and the docs host (both on loopback, ports chosen by the system). */
export async function startWidgetHarness(options: WidgetHarnessOptions = {}): Promise<WidgetHarness> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-widget-'));
  const dataDir = path.join(directory, 'data');
  await publishTestSite(path.join(directory, 'dist'), 'example', undefined, 'https://docs.example.com');
  await mkdir(dataDir, { recursive: true });
  if (options.settings)
    await writeFile(path.join(dataDir, 'assistant-settings.json'), JSON.stringify(options.settings));
  const app = await buildApp({
    artifactsDir: path.join(directory, 'dist'),
    dataDir,
    logger: false,
    limitStore: 'memory',
    ...(options.model ? { model: options.model } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();
  const host = createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://host').pathname);
    response
      .writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', ...page?.headers })
      .end(page?.html ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://localhost:${(host.address() as { port: number }).port}`;
  const keys = createKeyStore({ file: path.join(dataDir, 'keys.json') });
  return {
    app,
    baseUrl,
    hostOrigin,
    key: keys.create({ domains: ['example'], org: 'org', origins: [hostOrigin] }).key,
    adminKey: keys.create({ domains: ['example'], org: 'org', admin: true }).key,
    servePage(pagePath, html, headers = {}) {
      pages.set(pagePath, { html, headers });
      return `${hostOrigin}${pagePath}`;
    },
    async close() {
      await new Promise((resolve) => host.close(resolve));
      await app.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A docs page that embeds the widget with one tag, and whose styles would leak into an unprotected widget: a serif
 * font, a large line height and letter spacing, global button, list and box rules, and the widget's own custom
 * property names set on `:root`; it runs a script of its own, as docs pages do. Without `embed`, the same page
 * without the widget (a benchmark's baseline).
 */
export function docsPage(
  embed: { src: string; attributes: Record<string, string> } | undefined,
  htmlAttributes = '',
): string {
  const attributes = Object.entries(embed?.attributes ?? {})
    .map(([name, value]) => ` ${name}="${value.replace(/"/g, '&quot;')}"`)
    .join('');
  return `<!doctype html>
<html lang="en"${htmlAttributes ? ` ${htmlAttributes}` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quickstart — Example docs</title>
<style>
:root { --docsmith-bg: #ff0000; --docsmith-accent: #ff0000; --docsmith-fg: #ff0000; }
html { font: 19px/2.4 Georgia, serif; letter-spacing: .06em; color: #6b21a8; }
* { box-sizing: content-box; }
button { background: #ff0000; border: 4px dashed blue; font-size: 26px; }
p, li, ol, div { margin: 24px; }
body { max-width: 720px; margin: 40px auto; }
html.dark body { background: #0b0f19; color: #e5e7eb; }
</style>
</head>
<body>
<script>document.documentElement.dataset.docsReady = 'true';</script>
<h1>Quickstart</h1>
<p>Install the CLI with npm, then log in to connect your account.</p>
<pre><code>npm i -g example-cli
example login</code></pre>
<p>The CLI reads its settings from <code>~/.example/config.toml</code>.</p>
${embed ? `<script async src="${embed.src}"${attributes}></script>` : ''}
</body>
</html>
`;
}

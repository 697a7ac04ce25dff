import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './error-catalog.ts';
import { FAVICON_LINK } from './favicon-link.ts';
import { createWebAssets, isHashedBundle, sendWebAsset } from './web-assets.ts';

/** Options of `registerWebRoutes`. */
export interface WebRoutesOptions {
  /** Folder of the bundled browser client (`npm run build:web`; default `web/dist` of this checkout). */
  webDir?: string;
  /** Serve `GET /playground` (default true; turn off in production with `serve --no-playground`). */
  playground?: boolean;
  /**
   * Path of a server-sent event stream announcing each new build (`docsmith dev`'s `/dev/events`): the playground
   * shows every build and its errors as they come and connects without a key (default none).
   */
  buildEvents?: string;
}

/** The checkout's `web/dist`: this file is in runtime/http of the sources, or of the compiled lib/ (`npm run build`). */
const PACKAGE_ROOT = path.resolve(import.meta.dirname, '../..');
export const DEFAULT_WEB_DIR = path.join(
  path.basename(PACKAGE_ROOT) === 'lib' ? path.dirname(PACKAGE_ROOT) : PACKAGE_ROOT,
  'web/dist',
);
/** The loader and the playground: a changed build reaches every page within five minutes. */
const SHORT_LIVED = 'public, max-age=300';
/** A content-hashed bundle never changes under its name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The browser client, bundles of `web/` built at install time (503 `web_client_missing` when not built):
 * `GET /widget.js`, the short-lived loader of the one-tag embed, which adds `GET /widget.<hash>.js`, the widget's
 * shell, which loads `GET /widget-chat.<hash>.js`, its chat: both under content-hashed names, cached for good (a
 * name of an older build redirects to the current one, so a page holding an older loader or shell still gets a
 * widget); and, unless disabled, `GET /playground` with its script.
 * Each answer is brotli or gzip as the browser accepts (precompressed at build), with a strong ETag (304 when it
 * matches) and `Vary: Accept-Encoding`.
 */
export function registerWebRoutes(app: FastifyInstance, options: WebRoutesOptions = {}): void {
  const assets = createWebAssets(options.webDir ?? DEFAULT_WEB_DIR);
  const send = async (name: string, cacheControl: string, request: FastifyRequest, reply: FastifyReply) =>
    sendWebAsset(await assets.get(name), cacheControl, request, reply);

  app.get('/widget.js', (request, reply) => send('widget.js', SHORT_LIVED, request, reply));
  for (const prefix of ['widget', 'widget-chat']) {
    app.get(`/${prefix}.:hash.js`, async (request: FastifyRequest<{ Params: { hash: string } }>, reply) => {
      const name = `${prefix}.${request.params.hash}.js`;
      if (!isHashedBundle(name, prefix)) throw new ApiError('not_found');
      if (await assets.get(name)) return send(name, IMMUTABLE, request, reply);
      const current = await assets.currentBundle(prefix);
      if (!current) throw new ApiError('web_client_missing');
      return reply.code(302).header('cache-control', 'no-cache').header('location', current).send();
    });
  }
  if (options.playground === false) return;
  app.get('/playground.js', (request, reply) => send('playground.js', SHORT_LIVED, request, reply));
  // Under docsmith dev the page names its build events and needs no key from this machine.
  const playgroundHtml = options.buildEvents
    ? PLAYGROUND_HTML.replace(
        '<!--build-events-->',
        `<meta name="docsmith-build-events" content="${options.buildEvents}">`,
      ).replace(' required aria-label="API key"', ' aria-label="API key"')
    : PLAYGROUND_HTML.replace('<!--build-events-->\n', '');
  app.get('/playground', async (_request, reply) => {
    if (!(await assets.get('playground.js'))) throw new ApiError('web_client_missing');
    return reply.type('text/html; charset=utf-8').send(playgroundHtml);
  });
}

const PLAYGROUND_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${FAVICON_LINK}
<title>docsmith playground</title>
<!--build-events-->
<style>
body { margin: 0; font: 14px/1.5 system-ui, sans-serif; background: #f9fafb; color: #111827; }
main { max-width: 760px; margin: 0 auto; padding: 24px; display: flex; flex-direction: column; gap: 16px; height: 100vh; box-sizing: border-box; }
h1 { font-size: 20px; margin: 0; }
#docsmith-playground-form { display: flex; gap: 8px; flex-wrap: wrap; }
#docsmith-playground-form input { padding: 8px; border: 1px solid #d1d5db; border-radius: 8px; font: inherit; }
#docsmith-playground-form input[name="key"] { flex: 1; min-width: 240px; }
#docsmith-playground-form button { padding: 8px 12px; border: 0; border-radius: 8px; background: #111827; color: white; font: inherit; cursor: pointer; }
#docsmith-playground-build { margin: 0; padding: 8px 12px; border-radius: 8px; background: #ecfdf5; color: #065f46; white-space: pre-wrap; font: 12px/1.5 ui-monospace, monospace; }
#docsmith-playground-build[data-state="failed"] { background: #fef2f2; color: #991b1b; }
#docsmith-playground-build[data-state="building"] { background: #f3f4f6; color: #374151; }
#docsmith-playground-status { margin: 0; color: #374151; }
#docsmith-playground-status[data-state="problem"] { color: #b91c1c; }
#docsmith-playground-chat { flex: 1; min-height: 0; background: white; border: 1px solid #e5e7eb; border-radius: 12px; overflow: hidden; display: flex; flex-direction: column; }
</style>
</head>
<body>
<main>
<h1>docsmith playground</h1>
<form id="docsmith-playground-form">
<input name="domain" placeholder="domain, e.g. acme" required aria-label="Domain">
<input name="key" placeholder="API key (ds_…)" required aria-label="API key" type="password">
<button type="submit">Connect</button>
</form>
<p id="docsmith-playground-status" role="status"></p>
<p id="docsmith-playground-build" role="status" hidden></p>
<div id="docsmith-playground-chat"></div>
</main>
<script src="/playground.js"></script>
</body>
</html>
`;

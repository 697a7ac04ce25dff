import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './error-catalog.ts';

/** Options of `registerWebRoutes`. */
export interface WebRoutesOptions {
  /** Folder of the bundled browser client (`npm run build:web`; default `web/dist` of this checkout). */
  webDir?: string;
  /** Serve `GET /playground` (default true; turn off in production with `serve --no-playground`). */
  playground?: boolean;
}

/** The checkout's `web/dist`: this file is in runtime/http of the sources, or of the compiled lib/ (`npm run build`). */
const PACKAGE_ROOT = path.resolve(import.meta.dirname, '../..');
export const DEFAULT_WEB_DIR = path.join(path.basename(PACKAGE_ROOT) === 'lib' ? path.dirname(PACKAGE_ROOT) : PACKAGE_ROOT, 'web/dist');

/**
 * The browser client: `GET /widget.js` (the embeddable "Ask AI" widget) and, unless disabled, `GET /playground`
 * with its script. Both are bundles of `web/` built at install time; 503 `web_client_missing` when not built.
 */
export function registerWebRoutes(app: FastifyInstance, options: WebRoutesOptions = {}): void {
  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  const bundles = new Map<string, Promise<string>>();
  const bundle = (name: string): Promise<string> => {
    let loaded = bundles.get(name);
    if (!loaded) {
      loaded = readFile(path.join(webDir, name), 'utf8');
      loaded.catch(() => bundles.delete(name));
      bundles.set(name, loaded);
    }
    return loaded.catch(() => {
      throw new ApiError('web_client_missing');
    });
  };
  const script = (name: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(await bundle(name));

  app.get('/widget.js', script('widget.js'));
  if (options.playground === false) return;
  app.get('/playground.js', script('playground.js'));
  app.get('/playground', async (_request, reply) => {
    await bundle('playground.js');
    return reply.type('text/html; charset=utf-8').send(PLAYGROUND_HTML);
  });
}

const PLAYGROUND_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>docsmith playground</title>
<style>
body { margin: 0; font: 14px/1.5 system-ui, sans-serif; background: #f9fafb; color: #111827; }
main { max-width: 760px; margin: 0 auto; padding: 24px; display: flex; flex-direction: column; gap: 16px; height: 100vh; box-sizing: border-box; }
h1 { font-size: 20px; margin: 0; }
#docsmith-playground-form { display: flex; gap: 8px; flex-wrap: wrap; }
#docsmith-playground-form input { padding: 8px; border: 1px solid #d1d5db; border-radius: 8px; font: inherit; }
#docsmith-playground-form input[name="key"] { flex: 1; min-width: 240px; }
#docsmith-playground-form button { padding: 8px 12px; border: 0; border-radius: 8px; background: #111827; color: white; font: inherit; cursor: pointer; }
#docsmith-playground-chat { flex: 1; min-height: 0; background: white; border: 1px solid #e5e7eb; border-radius: 12px; padding: 12px; display: flex; flex-direction: column; }
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
<div id="docsmith-playground-chat"></div>
</main>
<script src="/playground.js"></script>
</body>
</html>
`;

// Bundles the browser client (web/playground.ts, web/widget.ts) with esbuild into web/dist/, served by the runtime.
// Run by `npm run build:web` and by `prepare`, so `npm ci` produces it; nothing is loaded from a CDN.
import { build } from 'esbuild';
import path from 'node:path';

const webDir = path.resolve(import.meta.dirname, '../web');

await build({
  entryPoints: { playground: path.join(webDir, 'playground.ts'), widget: path.join(webDir, 'widget.ts') },
  outdir: path.join(webDir, 'dist'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});

// Bundles the browser client (web/playground.ts, web/widget.ts, and the insights dashboard web/admin.ts with uPlot and
// its styles as text) with esbuild into web/dist/, served by the runtime (/playground, /widget.js, /admin.js). Run by `npm run build:web` and by `prepare`, so `npm ci` produces it; nothing comes from
// a CDN. A production install without devDependencies (`npm ci --omit=dev`) has no esbuild: it says so and skips.
import path from 'node:path';

const webDir = path.resolve(import.meta.dirname, '../web');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  process.stderr.write('build-web: esbuild is not installed (production install?); web/dist not built — bundle it where devDependencies are installed\n');
  process.exit(0);
}

await esbuild.build({
  entryPoints: { playground: path.join(webDir, 'playground.ts'), widget: path.join(webDir, 'widget.ts'), admin: path.join(webDir, 'admin.ts') },
  loader: { '.css': 'text' },
  outdir: path.join(webDir, 'dist'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});

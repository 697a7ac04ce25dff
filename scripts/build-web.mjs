// Bundles the browser client with esbuild into web/dist/, served by the runtime: the widget in two content-hashed
// bundles served immutable — the shell (widget.<hash>.js: launcher, panel, settings) and the chat it loads on first
// need (widget-chat.<hash>.js: conversation, stream, Markdown) — the short-lived loader that names the shell
// (widget.js, from web/widget-loader.ts), the playground (playground.js), and the owners' insights dashboard
// (admin.js, web/admin.ts with uPlot and its styles as text). Each file is written with its brotli (.br) and gzip
// (.gz) forms beside it, so the server sends compressed bytes without compressing per request. Run by
// `npm run build:web` and by `prepare`, so `npm ci` produces it; nothing comes from a CDN. A production install
// without devDependencies (`npm ci --omit=dev`) has no esbuild: it says so and skips.
// `bundleWeb()` is exported for the size test (test/web/widget-size.test.ts), which measures what this build makes.
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const webDir = path.resolve(import.meta.dirname, '../web');
const distDir = path.join(webDir, 'dist');
/** Files of earlier builds that this build replaces: the hashed bundles and every compressed form. */
const STALE = /^widget(-chat)?\.[0-9a-f]{12}\.js(\.br|\.gz)?$|\.(br|gz)$/;

const common = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
};

/** `<prefix>.<first 12 hex digits of the sha256 of contents>.js`. */
function hashedName(prefix, contents) {
  return `${prefix}.${createHash('sha256').update(contents).digest('hex').slice(0, 12)}.js`;
}

/**
 * Bundles the browser files in memory: `{ files: [{ name, contents }], widgetMetafiles }` (the esbuild metafiles of
 * the widget's two bundles say what their bytes are made of). Each bundle is named after its contents, which hold
 * the name of the bundle they load: chat, then shell, then loader.
 */
export async function bundleWeb(esbuild) {
  const chat = await esbuild.build({ ...common, entryPoints: [path.join(webDir, 'widget-chat.ts')], metafile: true });
  const chatName = hashedName('widget-chat', chat.outputFiles[0].contents);
  const shell = await esbuild.build({
    ...common,
    entryPoints: [path.join(webDir, 'widget.ts')],
    metafile: true,
    define: { WIDGET_CHAT_BUNDLE: JSON.stringify(chatName) },
  });
  const shellName = hashedName('widget', shell.outputFiles[0].contents);
  const loader = await esbuild.build({
    ...common,
    entryPoints: [path.join(webDir, 'widget-loader.ts')],
    define: { WIDGET_BUNDLE: JSON.stringify(shellName) },
  });
  const playground = await esbuild.build({ ...common, entryPoints: [path.join(webDir, 'playground.ts')] });
  const admin = await esbuild.build({
    ...common,
    entryPoints: [path.join(webDir, 'admin.ts')],
    loader: { '.css': 'text' },
  });
  return {
    files: [
      { name: 'widget.js', contents: loader.outputFiles[0].contents },
      { name: shellName, contents: shell.outputFiles[0].contents },
      { name: chatName, contents: chat.outputFiles[0].contents },
      { name: 'playground.js', contents: playground.outputFiles[0].contents },
      { name: 'admin.js', contents: admin.outputFiles[0].contents },
    ],
    widgetMetafiles: [shell.metafile, chat.metafile],
  };
}

/** A file's brotli (best) and gzip (level 9) forms. */
export function compressedForms(contents) {
  return {
    br: zlib.brotliCompressSync(contents, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: contents.length },
    }),
    gz: zlib.gzipSync(contents, { level: 9 }),
  };
}

async function main() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    process.stderr.write(
      'build-web: esbuild is not installed (production install?); web/dist not built — bundle it where devDependencies are installed\n',
    );
    return;
  }
  const { files } = await bundleWeb(esbuild);
  await mkdir(distDir, { recursive: true });
  for (const stale of (await readdir(distDir)).filter((name) => STALE.test(name))) await rm(path.join(distDir, stale));
  for (const { name, contents } of files) {
    const { br, gz } = compressedForms(contents);
    await Promise.all([
      writeFile(path.join(distDir, name), contents),
      writeFile(path.join(distDir, `${name}.br`), br),
      writeFile(path.join(distDir, `${name}.gz`), gz),
    ]);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

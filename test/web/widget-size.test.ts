import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleWeb, compressedForms, type WebFile } from '../../scripts/build-web.mjs';

/** What a page downloads the first time the widget loads (loader and bundle), gzip: the issue's budget (#32). */
const WIDGET_BUDGET_GZIP_BYTES = 60 * 1024;

/** The packages (or own files) that make up a bundle, biggest first, in bytes of minified output. */
function composition(metafile: esbuild.Metafile): [string, number][] {
  const bytes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const owner = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input;
      bytes.set(owner, (bytes.get(owner) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes].sort((first, second) => second[1] - first[1]);
}

describe('the widget is light to load', () => {
  it('loader, shell and chat stay within 60 KB gzip; the AI SDK and its schema library are not in them; the loader is tiny', async () => {
    const { files, widgetMetafiles } = await bundleWeb(esbuild);
    const widgetFiles = files.filter((file) => /^widget(-chat)?\.([0-9a-f]{12}\.)?js$/.test(file.name));
    expect(widgetFiles.map((file) => file.name.replace(/[0-9a-f]{12}/, 'HASH'))).toEqual([
      'widget.js',
      'widget.HASH.js',
      'widget-chat.HASH.js',
    ]);
    const [loader, shell, chat] = widgetFiles as [WebFile, WebFile, WebFile];
    const made = widgetMetafiles.flatMap(composition);
    const gzipBytes = widgetFiles.reduce((sum, file) => sum + compressedForms(file.contents).gz.length, 0);
    expect(
      gzipBytes,
      `widget ${gzipBytes} bytes gzip; made of ${made
        .sort((first, second) => second[1] - first[1])
        .slice(0, 12)
        .map(([owner, size]) => `${owner} ${size}`)
        .join(', ')}`,
    ).toBeLessThanOrEqual(WIDGET_BUDGET_GZIP_BYTES);
    expect(made.map(([owner]) => owner)).not.toContain('zod');
    expect(made.map(([owner]) => owner)).not.toContain('ai');
    expect(loader.contents.length).toBeLessThan(1024);
    expect(new TextDecoder().decode(loader.contents)).toContain(shell.name);
    expect(new TextDecoder().decode(shell.contents)).toContain(chat.name);
  });

  it('keeps the Markdown renderer out of the shell that runs at page load', async () => {
    const { widgetMetafiles } = await bundleWeb(esbuild);
    const [shell, chat] = widgetMetafiles.map((metafile) => composition(metafile).map(([owner]) => owner));
    for (const renderer of ['micromark', 'mdast-util-from-markdown', 'hast-util-to-dom', 'property-information']) {
      expect(shell).not.toContain(renderer);
      expect(chat).toContain(renderer);
    }
  });
});

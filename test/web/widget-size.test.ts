import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleWeb, compressedForms } from '../../scripts/build-web.mjs';

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
  it('loader and bundle stay within 60 KB gzip; the AI SDK and its schema library are not in it; the loader is tiny', async () => {
    const { files, widgetMetafile } = await bundleWeb(esbuild);
    const bundle = files.find((file) => /^widget\.[0-9a-f]{12}\.js$/.test(file.name));
    const loader = files.find((file) => file.name === 'widget.js');
    if (!bundle || !loader) throw new Error(`build-web made ${files.map((file) => file.name).join(', ')}`);
    const made = composition(widgetMetafile);
    const gzipBytes = compressedForms(bundle.contents).gz.length + compressedForms(loader.contents).gz.length;
    expect(gzipBytes, `widget ${gzipBytes} bytes gzip; made of ${made.slice(0, 12).map(([owner, size]) => `${owner} ${size}`).join(', ')}`).toBeLessThanOrEqual(WIDGET_BUDGET_GZIP_BYTES);
    expect(made.map(([owner]) => owner)).not.toContain('zod');
    expect(made.map(([owner]) => owner)).not.toContain('ai');
    expect(loader.contents.length).toBeLessThan(1024);
    expect(new TextDecoder().decode(loader.contents)).toContain(bundle.name);
  });
});

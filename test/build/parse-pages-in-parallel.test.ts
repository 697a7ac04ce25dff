import { describe, expect, it } from 'vitest';
import { parsePagesInParallel } from '../../pipeline/assemble/parse-pages-in-parallel.ts';
import { parsePage } from '../../pipeline/content/parse-page.ts';

const snippets = new Map([
  ['snippets/note.mdx', 'Shared note about retries.\n'],
  ['openapi.yaml', 'openapi: 3.1.0\n'],
]);
const pages = Array.from({ length: 80 }, (_, index) => ({
  file: `guides/page-${index}.mdx`,
  text: `---\ntitle: Page ${index}\n---\nimport Note from '/snippets/note.mdx';\n\n# Heading ${index}\n\nBody ${index}.\n\n<Note />\n`,
}));

describe('parsePagesInParallel', () => {
  it('returns what parsePage returns, in input order, when workers parse every page', { timeout: 60_000 }, async () => {
    const progress: number[] = [];
    const parsed = await parsePagesInParallel(pages, snippets, {
      threads: 3,
      minimumPagesForWorkers: 1,
      parseOnThisThread: false,
      onProgress: (done) => progress.push(done),
    });
    expect(parsed).toEqual(pages.map((page) => parsePage({ ...page, readSnippet: (file) => snippets.get(file) })));
    expect(parsed[5]?.sections.map((section) => section.text).join('\n')).toContain('Shared note about retries.');
    expect(progress.at(-1)).toBe(pages.length);
  });

  it('parsing on this thread alone, lets the event loop run between pages (Ctrl-C during a long first build)', async () => {
    let done = 0;
    let doneWhenAnEventRan: number | undefined;
    setImmediate(() => {
      doneWhenAnEventRan = done;
    });
    const parsed = await parsePagesInParallel(pages, snippets, {
      threads: 1,
      onProgress: (count) => {
        done = count;
      },
    });
    expect(parsed.map((page) => page.title)).toEqual(pages.map((_, index) => `Page ${index}`));
    expect(doneWhenAnEventRan).toBeLessThan(pages.length);
  });

  it('shares the queue between this thread and the workers', { timeout: 60_000 }, async () => {
    const parsed = await parsePagesInParallel(pages, snippets, { threads: 2, minimumPagesForWorkers: 1 });
    expect(parsed.map((page) => page.title)).toEqual(pages.map((_, index) => `Page ${index}`));
  });
});

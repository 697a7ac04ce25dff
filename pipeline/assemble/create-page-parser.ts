import type { ParsedPage } from '../content/parsed-page.ts';
import type { PageCache } from './page-cache.ts';
import { parsePagesInParallel } from './parse-pages-in-parallel.ts';
import type { PageParseInput } from './parse-site-pages.ts';
import { parseUniquePages } from './parse-unique-pages.ts';

/** Options of `createPageParser`. */
export interface PageParserOptions {
  /** Every file of the site, handed once to each worker so snippets can be inlined there. */
  files: ReadonlyMap<string, string>;
  /** Content-hash cache; without one every page is parsed. */
  cache?: PageCache;
  /** Threads parsing, this one included (default: see parsePagesInParallel). */
  threads?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The `parsePages` of a build with a cache and threads (what the CLI uses): cached pages are taken from the cache, identical texts are parsed
 * once, and the rest is parsed in worker threads; every fresh parse is stored back into the cache.
 */
export function createPageParser(
  options: PageParserOptions,
): (pages: PageParseInput[], readSnippet: (file: string) => string | undefined) => Promise<ParsedPage[]> {
  return async (pages, readSnippet) => {
    const results: (ParsedPage | undefined)[] = pages.map((page) =>
      options.cache?.lookup(page.file, page.text, readSnippet),
    );
    const misses = pages.filter((_, index) => results[index] === undefined);
    const cached = pages.length - misses.length;
    const parsed = await parseUniquePages(misses, (unique) =>
      parsePagesInParallel(unique, options.files, {
        ...(options.threads ? { threads: options.threads } : {}),
        onProgress: (done) => options.onProgress?.(cached + done, pages.length),
      }),
    );
    let next = 0;
    return results.map((result, index) => {
      if (result) return result;
      const fresh = parsed[next++] as ParsedPage;
      options.cache?.store((pages[index] as PageParseInput).text, fresh, readSnippet);
      return fresh;
    });
  };
}

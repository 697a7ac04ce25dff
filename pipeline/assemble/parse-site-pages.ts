import type { ParsedPage } from '../content/parsed-page.ts';
import { parsePage } from '../content/parse-page.ts';

/** One page file to parse, as handed to a `parsePages` implementation. */
export interface PageParseInput {
  file: string;
  text: string;
}

/** Parses many page files; must return what `parsePage` returns for each, in input order. */
export type ParsePages = (
  pages: PageParseInput[],
  readSnippet: (file: string) => string | undefined,
) => Promise<ParsedPage[]>;

/** Options of `parseSitePages`. */
export interface ParseSitePagesOptions {
  /** Parses the pages (default: one by one on this thread with `parsePage`). */
  parsePages?: ParsePages;
  /** Called as pages are parsed when `parsePages` is the default (default: nothing). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Parses the selected page files and keeps the pages of the site, by file: a file only ever imported by
 * another page is a snippet, left out unless the navigation names it.
 */
export async function parseSitePages(
  inputs: PageParseInput[],
  namedPageFiles: ReadonlySet<string>,
  readSnippet: (file: string) => string | undefined,
  options: ParseSitePagesOptions = {},
): Promise<Map<string, ParsedPage>> {
  const parsePages =
    options.parsePages ??
    (async (pages: PageParseInput[]) => parseSequentially(pages, readSnippet, options.onProgress));
  const parsedList = await parsePages(inputs, readSnippet);
  const importedFiles = new Set(parsedList.flatMap((page) => page.imports));
  return new Map(
    parsedList
      .filter((page) => !importedFiles.has(page.file) || namedPageFiles.has(page.file))
      .map((page) => [page.file, page]),
  );
}

async function parseSequentially(
  pages: PageParseInput[],
  readSnippet: (file: string) => string | undefined,
  onProgress?: (done: number, total: number) => void,
): Promise<ParsedPage[]> {
  const parsed: ParsedPage[] = [];
  for (const page of pages) {
    parsed.push(parsePage({ ...page, readSnippet }));
    onProgress?.(parsed.length, pages.length);
  }
  return parsed;
}

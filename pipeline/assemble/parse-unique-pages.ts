import type { ParsedPage } from '../content/parsed-page.ts';
import type { PageFile } from './parse-pages-in-parallel.ts';
import { canShareParse, relocateParsedPage } from './relocate-parsed-page.ts';

/**
 * Parses each distinct page text once: sites that copy content per version hold the same bytes at several
 * paths (same extension). A copy reuses the first parse (with its own file name) unless its result depends on where it lives:
 * a title derived from the file name, or a relative import. Results come back in input order.
 */
export async function parseUniquePages(
  pages: PageFile[],
  parseMany: (pages: PageFile[]) => Promise<ParsedPage[]>,
): Promise<ParsedPage[]> {
  // One map per kind, keyed by the text itself: hashing a string for a Map costs less than a sha256 of it.
  const firstByText = { md: new Map<string, number>(), mdx: new Map<string, number>() };
  const representatives: PageFile[] = [];
  const representativeOf = pages.map((page) => {
    const seen = firstByText[page.file.endsWith('.md') ? 'md' : 'mdx'];
    let index = seen.get(page.text);
    if (index === undefined) {
      index = representatives.length;
      seen.set(page.text, index);
      representatives.push(page);
    }
    return index;
  });
  const parsedRepresentatives = await parseMany(representatives);
  // Copies have the representative's text: whether they may share its parse is decided once per representative.
  const shareable = parsedRepresentatives.map((parsed, index) =>
    canShareParse(parsed, (representatives[index] as PageFile).text),
  );
  const results: (ParsedPage | undefined)[] = pages.map((page, position) => {
    const representative = representativeOf[position] as number;
    const parsed = parsedRepresentatives[representative] as ParsedPage;
    if (parsed.file === page.file) return parsed;
    return shareable[representative] ? relocateParsedPage(parsed, page.file) : undefined;
  });
  const leftovers = pages.filter((_, position) => results[position] === undefined);
  if (leftovers.length > 0) {
    const parsedLeftovers = await parseMany(leftovers);
    let next = 0;
    for (let position = 0; position < results.length; position += 1) {
      if (results[position] === undefined) results[position] = parsedLeftovers[next++];
    }
  }
  return results as ParsedPage[];
}

import type { ParsedPage } from '../content/parsed-page.ts';

const RELATIVE_IMPORT = /\bfrom\s+['"]\.\.?\//;

/**
 * Whether the parse of `text` holds at any path (only its file name changes): not when its title comes from the
 * file name or when it imports relative to its own folder.
 */
export function canShareParse(parsed: ParsedPage, text: string): boolean {
  return typeof parsed.frontmatter.title === 'string' && !RELATIVE_IMPORT.test(text);
}

/**
 * A shareable parse moved to another file: the same sections, headings and links, its own file name in the
 * diagnostics of the page (those of the snippets it includes keep theirs).
 */
export function relocateParsedPage(parsed: ParsedPage, file: string): ParsedPage {
  if (parsed.file === file) return parsed;
  return {
    ...parsed,
    file,
    diagnostics:
      parsed.diagnostics.length === 0
        ? parsed.diagnostics
        : parsed.diagnostics.map((diagnostic) =>
            diagnostic.file === parsed.file ? { ...diagnostic, file } : diagnostic,
          ),
  };
}

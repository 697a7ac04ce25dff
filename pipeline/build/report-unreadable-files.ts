import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { isPageCandidate } from '../site/load-site.ts';

/** Which unreadable files the site needs: page files the navigation names, spec files docs.json or a reference names. */
export interface NeededFiles {
  pages: ReadonlySet<string>;
  specs: ReadonlySet<string>;
}

const PAGE_FILE = /\.mdx?$/i;

/**
 * One `unreadable-file` diagnostic per page or spec file that cannot be read (binary, too large), with the true
 * reason: an error when the navigation names the page, a warning for other page candidates and discovered
 * specs. Specs that docs.json or a reference names are reported by the spec loader instead.
 */
export function reportUnreadableFiles(unreadableFiles: ReadonlyMap<string, string>, needed: NeededFiles): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [file, reason] of unreadableFiles) {
    if (PAGE_FILE.test(file)) {
      const named = needed.pages.has(file);
      if (!named && !isPageCandidate(file)) continue;
      diagnostics.push({ file, line: 1, column: 1, severity: named ? 'error' : 'warning', ruleId: 'unreadable-file', message: `Unexpected ${reason}, expected a Markdown/MDX text page; the page is left out`, hint: reason === 'binary file' ? 'Save the page as UTF-8 text.' : 'Split the page into smaller pages.' });
    } else if (!needed.specs.has(file)) {
      diagnostics.push({ file, line: 1, column: 1, severity: 'warning', ruleId: 'unreadable-file', message: `Unexpected ${reason}, expected a JSON or YAML text spec; the spec is left out`, hint: 'Split the spec, or point to a smaller text copy of it.' });
    }
  }
  return diagnostics;
}

import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { isPageCandidate, type SiteFiles } from '../site/load-site.ts';
import { OUTSIDE_SITE_REASON } from '../site/unreadable-file-reason.ts';

/** Which unreadable files the site needs: page files the navigation names, spec files docs.json or a reference names. */
export interface NeededFiles {
  pages: ReadonlySet<string>;
  specs: ReadonlySet<string>;
  /** Every route the navigation names, found or not (for pages under a link out of the site). */
  routes: ReadonlySet<string>;
}

const PAGE_FILE = /\.mdx?$/i;

const OUTSIDE_HINT = 'docsmith never reads outside the site folder: move or copy the file into it.';

/**
 * One diagnostic per page or spec file that cannot be read, with the true reason: `symlink-outside-site` for a
 * symbolic link that leaves the site folder, `unreadable-file` (binary, too large) otherwise; an error when the
 * navigation names the page, a warning for other page candidates and discovered specs. Specs that docs.json or a
 * reference names are reported by the spec loader instead. Then one `symlink-outside-site` per other link out of the
 * site (a folder: an error when the navigation names a page in it; an image, a snippet: a warning).
 */
export function reportUnreadableFiles(
  site: Pick<SiteFiles, 'unreadableFiles' | 'outsideLinks'>,
  needed: NeededFiles,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [file, reason] of site.unreadableFiles) {
    const ruleId = reason === OUTSIDE_SITE_REASON ? 'symlink-outside-site' : 'unreadable-file';
    if (PAGE_FILE.test(file)) {
      const named = needed.pages.has(file);
      if (!named && !isPageCandidate(file)) continue;
      const hint =
        ruleId === 'symlink-outside-site'
          ? OUTSIDE_HINT
          : reason === 'binary file'
            ? 'Save the page as UTF-8 text.'
            : 'Split the page into smaller pages.';
      diagnostics.push({
        file,
        line: 1,
        column: 1,
        severity: named ? 'error' : 'warning',
        ruleId,
        message: `Unexpected ${reason}, expected a Markdown/MDX text page; the page is left out`,
        hint,
      });
    } else if (!needed.specs.has(file)) {
      const hint =
        ruleId === 'symlink-outside-site' ? OUTSIDE_HINT : 'Split the spec, or point to a smaller text copy of it.';
      diagnostics.push({
        file,
        line: 1,
        column: 1,
        severity: 'warning',
        ruleId,
        message: `Unexpected ${reason}, expected a JSON or YAML text spec; the spec is left out`,
        hint,
      });
    }
  }
  for (const link of site.outsideLinks) {
    const named = link.folder && [...needed.routes].some((route) => route.startsWith(`${link.path}/`));
    diagnostics.push({
      file: link.path,
      line: 0,
      column: 0,
      severity: named ? 'error' : 'warning',
      ruleId: 'symlink-outside-site',
      message: `Unexpected symbolic link to a ${link.folder ? 'folder' : 'file'} outside the site folder, expected ${link.folder ? 'files' : 'a file'} inside it; ${link.folder ? `its files are not read${named ? ', and the navigation names pages in it' : ''}` : 'it is not read'}`,
      hint: OUTSIDE_HINT,
    });
  }
  return diagnostics;
}

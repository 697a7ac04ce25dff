import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { pageFileFinder, pagePathForFile } from '../site/load-site.ts';

/** The first character of a path a URL path cannot carry as written: `#` starts the fragment, `?` the query; `\` and control characters are no URL characters at all. */
function firstNonUrlCharacter(route: string): string | undefined {
  for (const character of route) {
    const code = character.charCodeAt(0);
    if (character === '#' || character === '?' || character === '\\' || code < 0x20 || code === 0x7f) return character;
  }
  return undefined;
}

/**
 * Checks the paths of the site's page files as URLs: a path holding `#`, `?`, `\` or a control character cannot be
 * linked as written (`page-path-not-url`), and two pages whose paths differ only in case (`Upper.mdx`, `upper.mdx`)
 * or Unicode normalization (`café` composed and decomposed) are one file on macOS and Windows file systems and look
 * like one page to readers (`page-path-case`); both are built. Two files of one path (`setup.md` and `setup.mdx`) are one page, built from the file `findPageFile` picks: the
 * other is reported (`duplicate-page-file`). Warnings at the file.
 */
export function checkPagePaths(pageFiles: Iterable<string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const files = [...pageFiles].sort();
  const builtFile = pageFileFinder(files);
  /** The first route of each path folded to NFC and lower case. */
  const byFoldedPath = new Map<string, string>();
  for (const file of files) {
    const route = pagePathForFile(file);
    const character = firstNonUrlCharacter(route);
    if (character !== undefined) {
      const shown = /[#?\\]/.test(character)
        ? `\`${character}\``
        : `control character U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      diagnostics.push({
        file,
        line: 1,
        column: 1,
        severity: 'warning',
        ruleId: 'page-path-not-url',
        message: `Unexpected ${shown} in the path of page \`${route}\`, expected characters a URL path carries as written`,
        hint: `Rename the file (letters, digits, \`-\`, \`_\`, \`/\`); until then links reach it only as \`/${route.split('/').map(encodeURIComponent).join('/')}\`.`,
      });
    }
    const built = builtFile(route);
    if (built !== undefined && built !== file) {
      diagnostics.push({
        file,
        line: 1,
        column: 1,
        severity: 'warning',
        ruleId: 'duplicate-page-file',
        message: `Unexpected second file for page \`${route}\`, expected one file per page: \`${built}\` is built, this one is not`,
        hint: `Merge the two into \`${built}\` and delete this file, or rename one of them.`,
      });
      continue;
    }
    const key = route.normalize('NFC').toLowerCase();
    const other = byFoldedPath.get(key);
    if (other === undefined) {
      byFoldedPath.set(key, route);
      continue;
    }
    const caseOnly = other.toLowerCase() === route.toLowerCase();
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      severity: 'warning',
      ruleId: 'page-path-case',
      message: caseOnly
        ? `Unexpected page \`${route}\` whose path differs from \`${other}\` only in case, expected paths that differ in more than case`
        : `Unexpected page \`${route}\` whose path looks the same as \`${other}\` (the same letters, composed differently in Unicode), expected paths that differ in what they show`,
      hint: caseOnly
        ? 'A checkout on macOS or Windows keeps one of the two files, and hosts that ignore case serve one page for both: rename one of them.'
        : 'macOS keeps one of the two files, and readers cannot tell their links apart: rename one of them, or save both names in NFC.',
    });
  }
  return diagnostics;
}

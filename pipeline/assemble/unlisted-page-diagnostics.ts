import { isParseFailure } from '../content/parse-failure.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/**
 * The diagnostics of a parsed page file as the build reports them: a parse failure of the file itself — its MDX or
 * Markdown, or its frontmatter's YAML — is a warning when the navigation does not name it (the platform's `mint
 * validate` reports it as a warning and passes; the file is left out of the site's text, or titled from its file name
 * when only its frontmatter fails), an error when it does (the platform's production build fails). Diagnostics of the
 * snippets it imports, and every other rule, keep their severity.
 */
export function unlistedPageDiagnostics(
  diagnostics: readonly Diagnostic[],
  file: string,
  named: boolean,
): readonly Diagnostic[] {
  if (named) return diagnostics;
  return diagnostics.map((diagnostic) =>
    diagnostic.file === file &&
    diagnostic.severity === 'error' &&
    (isParseFailure(diagnostic) || diagnostic.ruleId === 'frontmatter-parse')
      ? {
          ...diagnostic,
          severity: 'warning',
          hint: `The navigation does not list this page, so the build goes on ${diagnostic.ruleId === 'frontmatter-parse' ? 'with it titled from its file name' : 'without its text'}. ${diagnostic.hint ?? ''}`.trim(),
        }
      : diagnostic,
  );
}

import type { Diagnostic } from './diagnostic.ts';

/**
 * Diagnostics in reading order: by file, line, column, then rule and message (a stable, deterministic order), each
 * once (a snippet two pages include is one problem, not two).
 */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique = diagnostics.filter((diagnostic) => {
    const key = JSON.stringify([
      diagnostic.file,
      diagnostic.line,
      diagnostic.column,
      diagnostic.ruleId,
      diagnostic.severity,
      diagnostic.message,
      diagnostic.pointer,
      diagnostic.hint,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      a.ruleId.localeCompare(b.ruleId) ||
      a.message.localeCompare(b.message),
  );
}

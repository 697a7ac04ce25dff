import pc from 'picocolors';
import type { Diagnostic } from './diagnostic.ts';

/**
 * Renders diagnostics the way remark's vfile-reporter does: a header per file, then
 * `line:col  severity  message  rule-id` rows (hints on the next line), and a closing summary (unless `summary: false`).
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  options: { color?: boolean; summary?: boolean } = {},
): string {
  const colors = pc.createColors(options.color ?? false);
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics)
    byFile.set(diagnostic.file, [...(byFile.get(diagnostic.file) ?? []), diagnostic]);
  const blocks: string[] = [];
  for (const [file, fileDiagnostics] of byFile) {
    const rows = fileDiagnostics.map(
      (diagnostic) =>
        [
          diagnostic.line > 0 ? `${diagnostic.line}:${diagnostic.column}` : '',
          diagnostic.severity === 'error' ? colors.red('error') : colors.yellow('warning'),
          diagnostic.message,
          colors.dim(diagnostic.ruleId),
          diagnostic.hint,
        ] as const,
    );
    const placeWidth = Math.max(...rows.map((row) => row[0].length));
    const severityWidth = Math.max(...rows.map((row) => row[1].length));
    const lines = rows.map(([place, severity, message, ruleId, hint]) => {
      const row = `  ${place.padEnd(placeWidth)}  ${severity.padEnd(severityWidth)}  ${message}  ${ruleId}`;
      return hint
        ? `${row}\n  ${' '.repeat(placeWidth)}  ${' '.repeat(severityWidth)}  ${colors.dim(`hint: ${hint}`)}`
        : row;
    });
    blocks.push(`${colors.underline(file)}\n${lines.join('\n')}`);
  }
  if (options.summary === false) return blocks.join('\n\n');
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const summary = [
    `${errors} ${errors === 1 ? 'error' : 'errors'}`,
    `${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`,
  ].join(', ');
  blocks.push(
    errors > 0
      ? colors.red(`✖ ${summary}`)
      : warnings > 0
        ? colors.yellow(`⚠ ${summary}`)
        : colors.green(`✔ ${summary}`),
  );
  return blocks.join('\n\n');
}

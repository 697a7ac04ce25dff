import type { Diagnostic } from './diagnostic.ts';

/** The machine-readable report of `--format json`. */
export interface DiagnosticsReport {
  valid: boolean;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/** Splits diagnostics into the `{ valid, errors, warnings }` report; `strict` counts warnings as failures. */
export function diagnosticsToJson(
  diagnostics: readonly Diagnostic[],
  options: { strict?: boolean } = {},
): DiagnosticsReport {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
  return { valid: errors.length === 0 && (!options.strict || warnings.length === 0), errors, warnings };
}

import type { Diagnostic } from './diagnostic.ts';

/** What a rebuild changed in a site's diagnostics. */
export interface DiagnosticsChange {
  /** Diagnostics the previous build did not report. */
  added: Diagnostic[];
  /** Diagnostics of the previous build that this one no longer reports (fixed). */
  cleared: Diagnostic[];
}

/**
 * Compares the diagnostics of two builds of one site. A diagnostic is the same when its file, rule, severity and
 * message are, wherever it now stands: an edit that moves a problem down a few lines neither clears nor repeats it.
 * Repeats count: a second identical problem in a file is added even when the first was already reported.
 */
export function diagnosticsChange(previous: readonly Diagnostic[], next: readonly Diagnostic[]): DiagnosticsChange {
  const remaining = new Map<string, Diagnostic[]>();
  for (const diagnostic of previous) {
    const key = identity(diagnostic);
    remaining.set(key, [...(remaining.get(key) ?? []), diagnostic]);
  }
  const added: Diagnostic[] = [];
  for (const diagnostic of next) {
    const same = remaining.get(identity(diagnostic));
    if (same && same.length > 0) same.shift();
    else added.push(diagnostic);
  }
  return { added, cleared: [...remaining.values()].flat() };
}

function identity(diagnostic: Diagnostic): string {
  return [diagnostic.file, diagnostic.ruleId, diagnostic.severity, diagnostic.message].join('\u0000');
}

import type { Diagnostic } from './diagnostic.ts';

/** What a rebuild changed in a site's diagnostics. */
export interface DiagnosticsChange {
  /** Diagnostics the previous build did not report. */
  added: Diagnostic[];
  /** Diagnostics of the previous build that this one no longer reports (fixed). */
  cleared: Diagnostic[];
  /** Diagnostics of the previous build in files this one did not re-check: still standing, neither cleared nor new. */
  standing: Diagnostic[];
}

/** Options of `diagnosticsChange`. */
export interface DiagnosticsChangeOptions {
  /** Whether the next build re-checked a file (default: it re-checked every file). */
  rechecked?: (file: string) => boolean;
}

/**
 * Compares the diagnostics of two builds of one site. A diagnostic is the same when its file, rule, severity and
 * message are, wherever it now stands: an edit that moves a problem down a few lines neither clears nor repeats it.
 * Repeats count: a second identical problem in a file is added even when the first was already reported. Only the
 * files the next build re-checked can clear a problem; the previous diagnostics of the others still stand.
 */
export function diagnosticsChange(
  previous: readonly Diagnostic[],
  next: readonly Diagnostic[],
  options: DiagnosticsChangeOptions = {},
): DiagnosticsChange {
  const rechecked = options.rechecked ?? (() => true);
  const standing = previous.filter((diagnostic) => !rechecked(diagnostic.file));
  const remaining = new Map<string, Diagnostic[]>();
  for (const diagnostic of previous.filter((candidate) => rechecked(candidate.file))) {
    const key = identity(diagnostic);
    remaining.set(key, [...(remaining.get(key) ?? []), diagnostic]);
  }
  const added: Diagnostic[] = [];
  for (const diagnostic of next) {
    const same = remaining.get(identity(diagnostic));
    if (same && same.length > 0) same.shift();
    else added.push(diagnostic);
  }
  return { added, cleared: [...remaining.values()].flat(), standing };
}

function identity(diagnostic: Diagnostic): string {
  return [diagnostic.file, diagnostic.ruleId, diagnostic.severity, diagnostic.message].join('\u0000');
}

import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { JsonLocation } from './parse-json-source.ts';

/** Reports every redirect whose `source` repeats an earlier one (an error: only one can apply). */
export function checkRedirectSources(redirects: unknown, locate: (pointer: string) => JsonLocation | undefined, configFile: string): Diagnostic[] {
  if (!Array.isArray(redirects)) return [];
  const firstIndex = new Map<string, number>();
  const diagnostics: Diagnostic[] = [];
  redirects.forEach((redirect: unknown, index) => {
    const source = (redirect as { source?: unknown } | null)?.source;
    if (typeof source !== 'string') return;
    const normalised = source.replace(/\/+$/, '') || '/';
    const first = firstIndex.get(normalised);
    if (first === undefined) {
      firstIndex.set(normalised, index);
      return;
    }
    const pointer = `/redirects/${index}/source`;
    const location = locate(pointer);
    diagnostics.push({
      file: location?.file ?? configFile,
      line: location?.line ?? 0,
      column: location?.column ?? 0,
      pointer,
      severity: 'error',
      ruleId: 'duplicate-redirect',
      message: `Unexpected duplicate redirect source \`${source}\`, expected each source once (first at /redirects/${first})`,
      hint: 'Remove one of the two redirects.',
    });
  });
  return diagnostics;
}

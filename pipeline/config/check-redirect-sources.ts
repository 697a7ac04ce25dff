import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ConfigPosition } from './config-position.ts';

/**
 * Reports every redirect whose `source` repeats an earlier one with another destination (an error: only one can
 * apply). Sources are compared without trailing slashes; the same redirect written twice (`/a` and `/a/` to one
 * destination, as sites do for hosts that tell the two apart) is no conflict.
 */
export function checkRedirectSources(redirects: unknown, locate: (pointer: string) => ConfigPosition): Diagnostic[] {
  if (!Array.isArray(redirects)) return [];
  const firstIndex = new Map<string, { index: number; destination: unknown }>();
  const diagnostics: Diagnostic[] = [];
  redirects.forEach((redirect: unknown, index) => {
    const { source, destination } = (redirect ?? {}) as { source?: unknown; destination?: unknown };
    if (typeof source !== 'string') return;
    const normalized = source.replace(/\/+$/, '') || '/';
    const first = firstIndex.get(normalized);
    if (first === undefined) {
      firstIndex.set(normalized, { index, destination });
      return;
    }
    if (typeof destination === 'string' && destination === first.destination) return;
    const pointer = `/redirects/${index}/source`;
    diagnostics.push({
      ...locate(pointer),
      pointer,
      severity: 'error',
      ruleId: 'duplicate-redirect',
      message: `Unexpected duplicate redirect source \`${source}\`, expected each source once (first at /redirects/${first.index})`,
      hint: 'Remove one of the two redirects.',
    });
  });
  return diagnostics;
}

import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { ruleSeverity } from '../diagnostics/rule-catalog.ts';
import type { SiteSource } from '../site/site-source.ts';
import { expandConfigRefs, type ExpandedConfig } from './expand-config-refs.ts';
import type { JsonLocation } from './parse-json-source.ts';
import { upgradeMintConfig } from './upgrade-mint-config.ts';

/** The legacy configuration file of a site. */
export const LEGACY_CONFIG_FILE = 'mint.json';

/**
 * Reads a site's legacy mint.json as docs.json: parses it with positions, maps it with `upgradeMintConfig`,
 * and points every value of the result back at where it was written in mint.json. Adds one `legacy-config`
 * warning naming what was not carried over.
 */
export function expandLegacyConfig(source: SiteSource): ExpandedConfig {
  const parsed = expandConfigRefs(source, LEGACY_CONFIG_FILE);
  if (!parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) return parsed;
  const upgraded = upgradeMintConfig(parsed.value as Record<string, unknown>);
  const locations = new Map<string, JsonLocation>();
  for (const [target, origin] of upgraded.origins) {
    const location = nearest(parsed.locations, origin);
    if (location) locations.set(target, location);
  }
  const warning: Diagnostic = {
    file: LEGACY_CONFIG_FILE,
    line: 1,
    column: 1,
    severity: ruleSeverity('legacy-config'),
    ruleId: 'legacy-config',
    message: 'Unexpected legacy mint.json, expected docs.json: read as the equivalent docs.json',
    hint: `Run \`docsmith upgrade <site>\` to write docs.json, then delete mint.json.${upgraded.dropped.length > 0 ? ` Not carried over: ${upgraded.dropped.join(', ')}.` : ''}`,
  };
  return { value: upgraded.config, locations, diagnostics: [...parsed.diagnostics, warning] };
}

/** The location of a pointer, or of its closest ancestor that has one. */
function nearest(locations: ReadonlyMap<string, JsonLocation>, pointer: string): JsonLocation | undefined {
  for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
    const location = locations.get(current);
    if (location) return location;
    if (current === '') return undefined;
  }
}

/** A spec named in docs.json, with the folder its generated pages go under (from `{source, directory}`). */
export interface SpecReference {
  /** Site-relative path without leading slash, or a URL. */
  file: string;
  directory?: string;
}

/** Normalises one `openapi` value (string, array, or `{source, directory}`) into spec references. */
export function specReferencesOf(value: unknown): SpecReference[] {
  if (typeof value === 'string') return value.trim() ? [{ file: normaliseSpecPath(value) }] : [];
  if (Array.isArray(value)) return value.flatMap(specReferencesOf);
  if (value && typeof value === 'object') {
    const { source, directory } = value as { source?: unknown; directory?: unknown };
    if (typeof source === 'string' && source.trim()) {
      return [{ file: normaliseSpecPath(source), ...(typeof directory === 'string' && directory.trim() ? { directory: directory.replace(/^\/+|\/+$/g, '') } : {}) }];
    }
  }
  return [];
}

/** Every spec docs.json names: `api.openapi` and `openapi` on any navigation element, in file order. */
export function collectSpecReferences(config: Record<string, unknown>): SpecReference[] {
  const references: SpecReference[] = [...specReferencesOf((config.api as Record<string, unknown> | undefined)?.openapi)];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        if (key === 'openapi') references.push(...specReferencesOf(value));
        else visit(value);
      }
    }
  };
  visit(config.navigation);
  return references;
}

/** `/openapi.yaml` and `./openapi.yaml` → `openapi.yaml`; URLs unchanged. */
export function normaliseSpecPath(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : trimmed.replace(/^\.?\/+/, '');
}

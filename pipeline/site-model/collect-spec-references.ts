import { isRecord } from './is-record.ts';
import type { SiteConfig } from './site-config.ts';
import { visitNavigation } from './visit-navigation.ts';

/** A spec named in docs.json, with the folder its generated pages go under (from `{source, directory}`). */
export interface SpecReference {
  /** Site-relative path without leading slash, or a URL. */
  file: string;
  directory?: string;
  /** JSON pointer of the docs.json value that names it (absent when it did not come from docs.json). */
  pointer?: string;
}

/** Normalises one `openapi` value (string, array, or `{source, directory}`) at `pointer` into spec references. */
export function specReferencesOf(value: unknown, pointer?: string): SpecReference[] {
  const at = pointer === undefined ? {} : { pointer };
  if (typeof value === 'string') return value.trim() ? [{ file: normalizeSpecPath(value), ...at }] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      specReferencesOf(item, pointer === undefined ? undefined : `${pointer}/${index}`),
    );
  if (value && typeof value === 'object') {
    const { source, directory } = value as { source?: unknown; directory?: unknown };
    if (typeof source === 'string' && source.trim()) {
      const folder = typeof directory === 'string' ? directory.replace(/^\.?\/+|\/+$/g, '') : '';
      return [
        {
          file: normalizeSpecPath(source),
          ...(folder ? { directory: folder } : {}),
          ...(pointer === undefined ? {} : { pointer: `${pointer}/source` }),
        },
      ];
    }
  }
  return [];
}

/** Every spec docs.json names: `api.openapi`, then `openapi` on the navigation and its elements, in the order `visitNavigation` walks them. */
export function collectSpecReferences(config: Partial<Pick<SiteConfig, 'navigation' | 'api'>>): SpecReference[] {
  const references: SpecReference[] = [
    ...specReferencesOf(isRecord(config.api) ? config.api.openapi : undefined, '/api/openapi'),
  ];
  visitNavigation(
    config.navigation,
    {
      enter: ({ element, pointer }) => {
        if (element.openapi !== undefined) references.push(...specReferencesOf(element.openapi, `${pointer}/openapi`));
      },
    },
    undefined,
  );
  return references;
}

/** Every AsyncAPI document the navigation's elements name with `asyncapi` (the top-level navigation's is not read, as on the platform), in walk order. */
export function collectAsyncApiReferences(navigation: SiteConfig['navigation'] | undefined): SpecReference[] {
  const references: SpecReference[] = [];
  visitNavigation(
    navigation,
    {
      enter: ({ element, kind, pointer }) => {
        if (kind !== 'navigation' && element.asyncapi !== undefined)
          references.push(...specReferencesOf(element.asyncapi, `${pointer}/asyncapi`));
      },
    },
    undefined,
  );
  return references;
}

/** `/openapi.yaml` and `./openapi.yaml` → `openapi.yaml`; URLs unchanged. */
export function normalizeSpecPath(value: string): string {
  const trimmed = value.trim();
  return isRemoteSpec(trimmed) ? trimmed : trimmed.replace(/^\.?\/+/, '');
}

/** Whether a spec reference is an http(s) URL rather than a file of the site. */
export function isRemoteSpec(file: string): boolean {
  return /^https?:\/\//i.test(file);
}

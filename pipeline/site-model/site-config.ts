import type { DocsConfig } from '../../schemas/docs-config.ts';
import type { ManifestRedirect } from '../../schemas/manifest.ts';
import type { SiteDefaults } from './collect-site-defaults.ts';
import type { NavigationReferences } from './collect-navigation-references.ts';
import type { SpecReference } from './collect-spec-references.ts';

/** How far search indexing reaches: pages of the navigation only (the default), or every page file. */
export type IndexingPolicy = 'navigable' | 'all';

/** A value and everything it holds, read-only. */
export type DeepReadonly<T> = T extends (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/**
 * The validated docs.json, normalised once and frozen: every default applied and every value a stage needs read
 * out of the raw JSON, so stages take these typed slices and never walk the configuration again. `navigation` is
 * walked by one walker, `visitNavigation`, which `resolveNavigation` and the reference and default collectors share.
 */
export interface SiteConfig {
  /** The `$ref`-expanded docs.json as written (no defaults added); the manifest copies site settings from it. */
  readonly document: DeepReadonly<DocsConfig>;
  /** `document.navigation`, the tree `resolveNavigation` walks. */
  readonly navigation: DeepReadonly<DocsConfig['navigation']>;
  /** `document.api`, whose `openapi` is in scope of the whole navigation. */
  readonly api: DeepReadonly<DocsConfig['api']>;
  /** Every spec docs.json names (`api.openapi`, `openapi` on navigation elements), in file order. */
  readonly specReferences: readonly SpecReference[];
  /** Page routes and spec names the navigation names, at any depth. */
  readonly navigationReferences: Readonly<NavigationReferences>;
  /** `redirects` with `permanent` defaulted to true. */
  readonly redirects: readonly Readonly<ManifestRedirect>[];
  /** `seo.indexing`, default `navigable`. */
  readonly indexing: IndexingPolicy;
  /** The default language, version and product of the navigation. */
  readonly defaults: Readonly<SiteDefaults>;
}

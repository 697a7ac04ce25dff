import type { PageContext } from '../runtime/search/section-record.ts';

/** TypeScript view of schemas/manifest.schema.json (the schema is the source of truth). */
export interface Manifest {
  formatVersion: 1;
  generator: string;
  domain: string;
  buildId: string;
  site: ManifestSite;
  navigation: ManifestNavigationNode[];
  pages: ManifestPage[];
  redirects: ManifestRedirect[];
  artifacts: { search: { file: 'search.json'; sha256: string; bytes: number; sections: number } };
  diagnostics: { errors: number; warnings: number; byRule: Record<string, number> };
}

/** Site settings a renderer or the runtime needs, copied from docs.json. */
export interface ManifestSite {
  name: string;
  url?: string;
  description?: string;
  theme: string;
  colors: Record<string, unknown>;
  defaultLanguage?: string;
  defaultVersion?: string;
  defaultProduct?: string;
  [setting: string]: unknown;
}

/** One page of the site: a content file or a generated OpenAPI endpoint page. */
export interface ManifestPage {
  path: string;
  title: string;
  description?: string;
  file?: string;
  kind: 'mdx' | 'md' | 'openapi';
  contentHash: string;
  context: PageContext;
  inNavigation: boolean;
  hidden: boolean;
  noindex: boolean;
  searchable: boolean;
  indexed: boolean;
  headings: { depth: number; text: string; anchor: string }[];
  operation?: { specFile: string; method: string; path: string };
  /** A hand-written endpoint page (frontmatter `api: "METHOD url"`): method and URL as written. */
  api?: { method: string; url: string };
}

/** A redirect of docs.json with its default applied. */
export interface ManifestRedirect {
  source: string;
  destination: string;
  permanent: boolean;
}

/** A node of the resolved navigation tree. */
export interface ManifestNavigationNode {
  kind: string;
  label?: string;
  children?: ManifestNavigationNode[];
  [field: string]: unknown;
}

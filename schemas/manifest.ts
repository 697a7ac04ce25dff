import type { PageContext } from '../contract/search/section-record.ts';

/** Current manifest format, the only one the runtime and `docsmith diff` read; bump when a change would confuse an older reader. */
export const MANIFEST_FORMAT_VERSION = 2;

/**
 * TypeScript view of schemas/manifest.schema.json (the schema is the source of truth), format 2; checked against the
 * schema member by member by test/contract/artifact-schemas.test.ts.
 */
export interface Manifest {
  formatVersion: typeof MANIFEST_FORMAT_VERSION;
  generator: string;
  domain: string;
  buildId: string;
  site: ManifestSite;
  navigation: ManifestNavigationNode[];
  /** The distinct page contents' descriptions and headings, stored once however many paths show them. */
  contents: ManifestContent[];
  /** One record per page path; `content` indexes `contents`. */
  pages: ManifestPageRecord[];
  redirects: ManifestRedirect[];
  artifacts: {
    search: { file: 'search.json'; sha256: string; bytes: number; sections: number };
    /** llms.txt, llms-full.txt and the page Markdown: the sha256 of their names and texts, so the buildId covers them. */
    agentFiles?: { sha256: string; files: number };
  };
  diagnostics: { errors: number; warnings: number; byRule: Record<string, number> };
}

/** Site settings a renderer or the runtime needs, copied from docs.json. */
export interface ManifestSite {
  name: string;
  url?: string;
  description?: string;
  theme: string;
  colors: Record<string, unknown>;
  /** docs.json `logo` and `favicon` as written (a path, or light/dark variants). */
  logo?: unknown;
  favicon?: unknown;
  navbar?: Record<string, unknown>;
  footer?: Record<string, unknown>;
  banner?: Record<string, unknown>;
  contextual?: Record<string, unknown>;
  errors?: Record<string, unknown>;
  seo?: Record<string, unknown>;
  search?: Record<string, unknown>;
  defaultLanguage?: string;
  defaultVersion?: string;
  defaultProduct?: string;
  [setting: string]: unknown;
}

/** One page of the site with its content: a content file or a generated OpenAPI endpoint page (a manifest record with its content, `expandManifestPages`). */
export interface ManifestPage {
  path: string;
  title: string;
  description?: string;
  file?: string;
  kind: 'mdx' | 'md' | 'openapi' | 'asyncapi';
  contentHash: string;
  context: PageContext;
  inNavigation: boolean;
  hidden: boolean;
  noindex: boolean;
  searchable: boolean;
  indexed: boolean;
  headings: ManifestHeading[];
  operation?: { specFile: string; method: string; path: string };
  /** The AsyncAPI channel the page documents (generated from an `asyncapi` element, or frontmatter `asyncapi`). */
  channel?: { specFile: string; id: string };
  /** A hand-written endpoint page (frontmatter `api: "METHOD url"`): method and URL as written. */
  api?: { method: string; url: string };
  /** A navigation link (frontmatter `url`): its entry opens this URL, so the page has no content of its own and is not indexed. */
  url?: string;
  /** The user groups the page is restricted to (frontmatter `groups`): shown by the platform only to signed-in members of one of them, so never indexed. */
  userGroups?: string[];
}

/** What pages of identical content share in the manifest. */
export interface ManifestContent {
  description?: string;
  headings: ManifestHeading[];
}

/** A heading of a page. */
export interface ManifestHeading {
  depth: number;
  text: string;
  anchor: string;
}

/** A page path's own record in the manifest: everything of `ManifestPage` but its shared content. */
export type ManifestPageRecord = Omit<ManifestPage, 'description' | 'headings'> & { content: number };

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

/** One operation of a spec, or one webhook. */
export interface SpecOperation {
  method: string;
  /** The path template (`/users/{id}`), or the webhook name. */
  path: string;
  /** The dereferenced operation object. */
  operation: Record<string, unknown>;
  /** Parameters of the path item and the operation, merged. */
  parameters: Record<string, unknown>[];
  tags: string[];
  summary?: string;
  description?: string;
  /** `x-hidden`: generated but kept out of navigation and search. */
  hidden: boolean;
  /** `x-excluded`: no endpoint page at all. */
  excluded: boolean;
  webhook: boolean;
  /**
   * The security requirements in effect — the operation's `security`, else the document's (a webhook's own only) —,
   * any one of which authorizes a request, each naming the schemes it needs together. `[]` (or absent): none.
   */
  security?: SecurityRequirement[];
  /** The servers in effect: the operation's `servers`, else its path item's, else the document's (absent: none). */
  servers?: Record<string, unknown>[];
}

/** The schemes of one security requirement, all needed together. */
export type SecurityRequirement = SecuritySchemeUse[];

/** One scheme a security requirement names: its name, its `components.securitySchemes` entry (absent when the spec does not define it) and the scopes it asks for. */
export interface SecuritySchemeUse {
  name: string;
  scheme?: Record<string, unknown>;
  scopes: string[];
}

/** A loaded specification: its site-relative file (or URL), its server path prefixes and operations in document order. */
export interface LoadedSpec {
  file: string;
  /** Path parts of the spec's server URLs (`https://api.x.com/v1` → `/v1`), for legacy `api: "GET https://…"` references. */
  serverPaths: string[];
  operations: SpecOperation[];
  /** The dereferenced `components.schemas`, by name (for `openapi-schema` pages). */
  schemas: Record<string, Record<string, unknown>>;
}

/** Every spec of the site, by site-relative file (no leading slash) or URL. */
export type LoadedSpecs = Map<string, LoadedSpec>;

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

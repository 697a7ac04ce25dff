/**
 * The raw text files of a documentation site, keyed by POSIX path relative to the site root
 * (`docs.json`, `guides/intro.mdx`, `openapi.yaml`). Produced at the I/O edge (the CLI reads the
 * disk; tests build it in memory) and handed to the pure pipeline stages.
 */
export interface SiteSource {
  files: ReadonlyMap<string, string>;
  /**
   * Files the reader did not load, with why (absent: none): binary data, more bytes than its limit, or a symbolic link
   * out of the site folder. A skipped JSON/YAML file carries the first few KB of its text in `head`, so it can still be
   * told to be a spec.
   */
  skippedFiles?: ReadonlyMap<string, SkippedFile>;
  /** Paths of the site's other files (images, fonts, …), listed but not read; unset when unknown (image links are then not checked). */
  assetFiles?: ReadonlySet<string>;
  /**
   * The text of the site's `.mintignore` (absent: none). The reader has already left out what its patterns exclude; the
   * build reads it to tell the default folders it re-includes and to say which line excludes a page the navigation names.
   */
  mintIgnore?: string;
}

/** A file left out of `SiteSource.files`, and why: binary data, more bytes than the limit, or a symbolic link (to a file or a `folder`) that leaves the site folder. */
export type SkippedFile =
  | { reason: 'binary'; head?: string }
  | { reason: 'too-large'; bytes: number; limitBytes: number; head?: string }
  | { reason: 'outside-site'; folder?: true; head?: undefined };

/** Builds a SiteSource from a plain object of path → text (handy for tests and in-memory sites). */
export function siteSourceFromObject(files: Record<string, string>): SiteSource {
  return { files: new Map(Object.entries(files)) };
}

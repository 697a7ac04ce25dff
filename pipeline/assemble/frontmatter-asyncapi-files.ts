import type { ParsedPage } from '../content/parsed-page.ts';
import { findSpecFile } from '../openapi/find-spec-file.ts';
import { parseChannelReference } from './frontmatter-channel.ts';

/** A top-level `asyncapi` version key, in YAML or JSON. */
const ASYNCAPI_MARKER = /^[ \t]*\{?[ \t]*["']?asyncapi["']?[ \t]*:[ \t]*["']?\d/m;

/**
 * The AsyncAPI documents pages' frontmatter `asyncapi` may name: the site's spec files that are AsyncAPI documents (a
 * bare channel id is looked up in all of them) and the existing files frontmatter names with a path.
 */
export function frontmatterAsyncApiFiles(
  pages: Iterable<ParsedPage>,
  specFiles: readonly string[],
  files: ReadonlyMap<string, string>,
): string[] {
  const found = specFiles.filter((file) => ASYNCAPI_MARKER.test(files.get(file) ?? ''));
  for (const page of pages) {
    const value = page.frontmatter.asyncapi;
    const name = typeof value === 'string' ? parseChannelReference(value, page.file)?.file : undefined;
    const file = name === undefined ? undefined : findSpecFile(name, (candidate) => files.has(candidate));
    if (file) found.push(file);
  }
  return [...new Set(found)];
}

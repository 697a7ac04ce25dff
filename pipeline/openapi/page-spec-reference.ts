import path from 'node:path/posix';
import { specNameOfReference } from '../site-model/operation-reference.ts';

/**
 * A page's frontmatter operation reference with a spec named relative to the page (`../api.json POST /x` in
 * `api/endpoints/x.mdx`) rewritten to the site path of that spec (`api/api.json POST /x`); any other reference
 * is returned as written.
 */
export function pageSpecReference(reference: string, pageFile: string): string {
  const trimmed = reference.trim();
  const name = specNameOfReference(trimmed);
  if (name === undefined || !/^\.\.?\//.test(name)) return trimmed;
  const resolved = path.normalize(path.join(path.dirname(pageFile), name));
  return resolved.startsWith('../') ? trimmed : `${resolved}${trimmed.slice(name.length)}`;
}

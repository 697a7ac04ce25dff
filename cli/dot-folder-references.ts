import path from 'node:path';
import { importBase } from '../pipeline/content/snippet-files.ts';

/** A path with a segment that starts with a dot and is not `.` or `..` (`snippets/.cache/openapi/spec.json`). */
const DOT_SEGMENT = /(?:^|\/)\.[^./][^/]*\//;
/** JSON string values, import specifiers and `file="…"` attributes: where a site names another of its files. */
const NAMED_PATH = /"((?:[^"\\\n]|\\.)+)"|\bfrom\s+['"]([^'"\n]+)['"]|\bfile=["']([^"'\n]+)["']/g;
const FOLLOWED = /\.(?:json|ya?ml|mdx?|jsx?|tsx?)$/i;

/**
 * The files under a dot-folder that the given texts (docs.json, pages, snippets) name by path — a spec generated into
 * `snippets/.cache/openapi/`, a snippet imported from `/snippets/.cache/…` — as site-relative POSIX paths, leaving
 * out those `known` already. The reader skips dot-folders (`.git`, editor and tool folders are never part of a site),
 * so these are read on their own; the build then resolves them like any named file. `./`, `../` and `/` paths resolve
 * as the build resolves imports (`importBase`), others from the site root; only `.json .yaml .yml .md .mdx .js .jsx
 * .ts .tsx` paths are followed.
 */
export function dotFolderReferences(
  texts: Iterable<[file: string, text: string]>,
  known: (file: string) => boolean,
): string[] {
  const found = new Set<string>();
  for (const [file, text] of texts) {
    // A file outside dot-folders names one only by writing `/.` (`/snippets/.cache/…`); one inside may name its neighbours (`./part.mdx`).
    if (!text.includes('/.') && !DOT_SEGMENT.test(file)) continue;
    for (const match of text.matchAll(NAMED_PATH)) {
      const written = (match[1] ?? match[2] ?? match[3] ?? '').trim();
      if (!FOLLOWED.test(written) || /^[a-z][a-z0-9+.-]*:/i.test(written)) continue;
      const named = importBase(written, file) ?? path.posix.normalize(written);
      if (DOT_SEGMENT.test(named) && !named.startsWith('../') && !known(named)) found.add(named);
    }
  }
  return [...found].sort();
}

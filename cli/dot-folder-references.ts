import path from 'node:path';

/** A path with a segment that starts with a dot and is not `.` or `..` (`snippets/.cache/openapi/spec.json`). */
const DOT_SEGMENT = /(?:^|\/)\.[^./][^/]*\//;
/** JSON string values, import specifiers and `file="…"` attributes: where a site names another of its files. */
const NAMED_PATH = /"((?:[^"\\\n]|\\.)+)"|\bfrom\s+['"]([^'"\n]+)['"]|\bfile=["']([^"'\n]+)["']/g;
const FOLLOWED = /\.(?:json|ya?ml|mdx?|jsx?|tsx?)$/i;

/**
 * The files under a dot-folder that docs.json or a page names by path — a spec generated into
 * `snippets/.cache/openapi/`, a snippet imported from `/snippets/.cache/…` — as site-relative POSIX paths. The reader
 * skips dot-folders (`.git`, editor and tool folders are never part of a site), so these are read on their own; the
 * build then resolves them like any named file. Only `.json .yaml .yml .md .mdx .js .jsx .ts .tsx` paths are followed.
 */
export function dotFolderReferences(files: ReadonlyMap<string, string>): string[] {
  const found = new Set<string>();
  for (const [file, text] of files) {
    // A file outside dot-folders names one only by writing `/.` (`/snippets/.cache/…`); one inside may name its neighbours (`./part.mdx`).
    if (!text.includes('/.') && !DOT_SEGMENT.test(file)) continue;
    for (const match of text.matchAll(NAMED_PATH)) {
      const written = (match[1] ?? match[2] ?? match[3] ?? '').trim();
      if (!FOLLOWED.test(written) || /^[a-z][a-z0-9+.-]*:/i.test(written)) continue;
      const relative = written.startsWith('/') || !written.startsWith('.') ? written.replace(/^\/+/, '') : path.posix.join(path.posix.dirname(file), written);
      const normal = path.posix.normalize(relative);
      if (DOT_SEGMENT.test(normal) && !normal.startsWith('../') && !files.has(normal)) found.add(normal);
    }
  }
  return [...found].sort();
}

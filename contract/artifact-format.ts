/**
 * The first docsmith release that writes the current artifact formats (search.json format 5, manifest.json format 2).
 * The runtime and `docsmith diff` read those formats only and refuse a build of an earlier release with
 * `unreadableFormat`'s message; change this with the formats, to the version the change ships in.
 */
export const CURRENT_FORMATS_SINCE = '0.2.0';

/**
 * Why a build's `file` cannot be read, given the `formatVersion` it declares and the one format this docsmith reads;
 * undefined when they are the same. An older format was built by an earlier release (rebuild it), a newer one by a
 * later release (upgrade, or rebuild with this one).
 */
export function unreadableFormat(file: string, formatVersion: unknown, current: number): string | undefined {
  if (formatVersion === current) return undefined;
  if (!Number.isInteger(formatVersion) || (formatVersion as number) < 1)
    return `${file} has no format version docsmith knows (${JSON.stringify(formatVersion) ?? 'none'}; expected ${current})`;
  const found = `${file} format ${formatVersion as number}, this docsmith reads format ${current}`;
  if ((formatVersion as number) < current)
    return `built by docsmith < ${CURRENT_FORMATS_SINCE} (${found}): rebuild with \`docsmith build\``;
  return `built by a newer docsmith (${found}): upgrade docsmith, or rebuild with \`docsmith build\``;
}

import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { buildDirectory } from '../../contract/artifact-layout.ts';

/**
 * Reads a text file of one published build (`<root>/<domain>/builds/<buildId>/<file>`); undefined when the build has
 * no such file, or when the name, or a symbolic link on the way, leads out of the build folder.
 */
export async function readBuildFile(
  root: string,
  site: { domain: string; buildId: string },
  file: string,
): Promise<string | undefined> {
  const directory = path.resolve(buildDirectory(path.join(root, site.domain), site.buildId));
  const target = path.resolve(directory, file);
  if (!target.startsWith(`${directory}${path.sep}`)) return undefined;
  try {
    const [realDirectory, realTarget] = await Promise.all([realpath(directory), realpath(target)]);
    if (!realTarget.startsWith(`${realDirectory}${path.sep}`)) return undefined;
    return await readFile(realTarget, 'utf8');
  } catch {
    return undefined;
  }
}

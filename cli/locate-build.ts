import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildDirectory, readCurrentBuildId } from '../contract/artifact-layout.ts';

/** A path on the command line that names no build. */
export class BuildNotFoundError extends Error {
  override name = 'BuildNotFoundError';
}

/**
 * Resolves what a user names on the command line to a build directory: a build directory itself
 * (holding manifest.json), a file inside one (`…/manifest.json`, `…/search.json`), or a domain's artifact
 * folder (`dist/acme`, whose `current` pointer names the published build).
 */
export async function locateBuild(target: string): Promise<string> {
  const info = await stat(target).catch(() => undefined);
  if (!info) throw new BuildNotFoundError(`${target}: no such file or directory`);
  if (info.isFile()) return path.dirname(target);
  if (await stat(path.join(target, 'manifest.json')).catch(() => undefined)) return target;
  const buildId = await readCurrentBuildId(target);
  if (buildId) return buildDirectory(target, buildId);
  throw new BuildNotFoundError(
    `${target}: not a build directory (no manifest.json) and no published release (no current pointer); run docsmith build --publish first`,
  );
}

/** Reads and parses a JSON file of a build, turning a missing or unparsable file into a BuildNotFoundError. */
export async function readBuildFile(buildDir: string, file: string): Promise<unknown> {
  const location = path.join(buildDir, file);
  let text: string;
  try {
    text = await readFile(location, 'utf8');
  } catch {
    throw new BuildNotFoundError(`${location}: cannot be read`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BuildNotFoundError(`${location}: not valid JSON (corrupt build?)`);
  }
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where `build` caches parsed pages when `--cache-dir` is not given — never inside the docs repository:
 * `$XDG_CACHE_HOME/docsmith`, else `node_modules/.cache/docsmith` of the working directory (the find-cache-dir
 * convention) when it has `node_modules`, else `~/.cache/docsmith`; one sub-folder per site (hash of its absolute path).
 */
export function defaultCacheDir(
  siteDir: string,
  environment: NodeJS.ProcessEnv = process.env,
  workingDir = process.cwd(),
): string {
  const root = environment.XDG_CACHE_HOME
    ? path.join(environment.XDG_CACHE_HOME, 'docsmith')
    : existsSync(path.join(workingDir, 'node_modules'))
      ? path.join(workingDir, 'node_modules', '.cache', 'docsmith')
      : path.join(homedir(), '.cache', 'docsmith');
  const site = createHash('sha256').update(path.resolve(workingDir, siteDir)).digest('hex').slice(0, 16);
  return path.join(root, `${path.basename(path.resolve(workingDir, siteDir)) || 'site'}-${site}`);
}

// The packages the Docker image's runtime needs, derived from the compiled code, and the build-side packages the
// image removes (scripts/runtime-excluded-packages.txt, read by the Dockerfile too). Plain JavaScript over lib/
// (`npm run build`), so the image rehearsal and its test share one reading of the import graph.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '..');
/** The one list of build-side packages the image removes: the Dockerfile's `npm uninstall` and the tests read it. */
export const EXCLUDED_PACKAGES_FILE = path.join(ROOT, 'scripts/runtime-excluded-packages.txt');
/** The CLI commands the image runs (its ENTRYPOINT is `node bin/docsmith.js`; `serve` by default, `keys` for keys, `mcp` for a site's stdio MCP server). */
export const IMAGE_COMMANDS = ['serve', 'keys', 'mcp'];

const IMPORT =
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\brequire\(\s*['"]([^'"]+)['"]\s*\)/g;
const COMMAND_MODULE = /\/commands\/([a-z]+)-command\.js$/;

/** The package names listed in scripts/runtime-excluded-packages.txt (one per line, `#` starts a comment). */
export function readExcludedPackages(file = EXCLUDED_PACKAGES_FILE) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/**
 * The packages the image's code imports, by name, with the first module that imports each: every static and
 * dynamic import (and `require` of a literal name) from bin/docsmith.js through the compiled lib/, except the lazily
 * imported commands the image does not run. Relative imports are followed; package imports are not (npm keeps what those packages need).
 */
export function runtimePackageImports(root = ROOT, commands = IMAGE_COMMANDS) {
  const packages = new Map();
  const seen = new Set();
  const pending = [path.join(root, 'bin/docsmith.js')];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: run npm run build first`);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        const command = COMMAND_MODULE.exec(target)?.[1];
        if (target.endsWith('.json') || (command !== undefined && !commands.includes(command))) continue;
        pending.push(target);
      } else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
        if (!packages.has(name)) packages.set(name, path.relative(root, file));
      }
    }
  }
  return packages;
}

/**
 * What is wrong with the excluded list, as sentences (none when it is right): a package the runtime imports or
 * needs through another package must stay, every other dependency must go, and each entry must be a dependency
 * that `npm uninstall` can remove.
 */
export function excludedPackageProblems(excluded = readExcludedPackages(), root = ROOT) {
  const dependencies = Object.keys(
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies ?? {},
  );
  const imported = runtimePackageImports(root);
  const needed = lockClosure([...imported.keys()], root);
  const problems = [];
  for (const name of excluded) {
    if (imported.has(name)) problems.push(`${name} is excluded from the image but ${imported.get(name)} imports it`);
    else if (needed.has(name))
      problems.push(`${name} is excluded from the image but a package the runtime imports needs it`);
    if (!dependencies.includes(name))
      problems.push(`${name} is excluded from the image but is not a dependency in package.json`);
  }
  for (const name of dependencies) {
    if (!needed.has(name) && !excluded.includes(name))
      problems.push(
        `${name} is a dependency the image's runtime never loads: add it to scripts/runtime-excluded-packages.txt`,
      );
  }
  return problems;
}

/** The installed packages the given ones need, themselves included, by the lockfile (dependencies and peers, by name). */
export function lockClosure(names, root = ROOT) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages ?? {};
  const needed = new Set();
  const pending = [...names];
  while (pending.length > 0) {
    const name = pending.pop();
    if (needed.has(name)) continue;
    needed.add(name);
    const entry = lock[`node_modules/${name}`] ?? {};
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta?.optional)
      .map(([peer]) => peer);
    for (const dependency of [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((peer) => !optionalPeers.includes(peer)),
    ])
      pending.push(dependency);
  }
  return needed;
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkoutRoot, sourceFiles } from '../helpers/source-files.ts';

const manifest = JSON.parse(readFileSync(path.join(checkoutRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};
/** Every folder holding code of this repository: the layers, the browser client, scripts, tests, benches, typings, bin. */
const CODE_FOLDERS = [
  'bin',
  'cli',
  'contract',
  'pipeline',
  'runtime',
  'schemas',
  'web',
  'scripts',
  'test',
  'bench',
  'types',
];
/** What names a package: an import, an export from, a dynamic import, a require, a (createRequire(…)).resolve, a `declare module`. */
const PACKAGE_REFERENCE =
  /\bfrom\s*['"]([^'"./][^'"]*)['"]|\bimport\s*\(?\s*['"]([^'"./][^'"]*)['"]|\b(?:require|resolve)\(\s*['"]([^'"./][^'"]*)['"]|\bdeclare module ['"]([^'"./][^'"]*)['"]/g;

/** The package a specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/** Every package the repository's code names, and the commands its npm scripts run. */
function usedPackages(): Set<string> {
  const used = new Set<string>();
  const files = [
    ...sourceFiles(CODE_FOLDERS).filter((file) => !file.startsWith(`web${path.sep}dist`)),
    'eslint.config.js',
    'vitest.config.ts',
  ];
  for (const file of files) {
    for (const match of readFileSync(path.join(checkoutRoot, file), 'utf8').matchAll(PACKAGE_REFERENCE)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
      if (!specifier.startsWith('node:')) used.add(packageOf(specifier));
    }
  }
  for (const command of Object.values(manifest.scripts))
    for (const word of command.split(/[\s&|;]+/)) used.add(word === 'tsc' ? 'typescript' : word);
  return used;
}

describe('package.json declares what the code uses, and nothing else', () => {
  it('imports every dependency and devDependency (types packages: the package they type, or Node)', () => {
    const used = usedPackages();
    const unused = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)].filter((name) => {
      const typed = /^@types\/(.+)$/.exec(name)?.[1];
      return typed === undefined ? !used.has(name) : typed !== 'node' && !used.has(typed);
    });
    expect(unused).toEqual([]);
  });
});

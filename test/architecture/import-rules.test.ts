import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Which top-level folders each layer may import from (its own folder always). */
const ALLOWED: Record<string, readonly string[]> = {
  schemas: ['schemas', 'contract'],
  contract: ['contract', 'schemas'],
  pipeline: ['pipeline', 'contract', 'schemas'],
  runtime: ['runtime', 'contract', 'schemas'],
};
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of a file that leave the folders its layer may use, as `file → target`. */
function forbiddenImports(layer: string, allowed: readonly string[] = ALLOWED[layer] ?? []): string[] {
  return sourceFiles([layer]).flatMap((file) =>
    [...readFileSync(path.join(root, file), 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2] ?? '')
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => path.relative(root, path.resolve(root, path.dirname(file), specifier)))
      .filter((target) => !allowed.includes(target.split(path.sep)[0] ?? '') && !target.endsWith('package.json'))
      .map((target) => `${file} → ${target}`),
  );
}

describe('layers import only what they may (docs/concepts/architecture.mdx)', () => {
  it.each(Object.keys(ALLOWED))('%s/ imports no file of another layer', (layer) => {
    expect(forbiddenImports(layer)).toEqual([]);
  });

  it('leaves the environment to cli/: no other layer reads process.env, they take plain options', () => {
    const readers = sourceFiles(Object.keys(ALLOWED)).filter((file) => /\bprocess\.env\b/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(readers).toEqual([]);
    expect(sourceFiles(['cli']).filter((file) => /\bprocess\.env\b/.test(readFileSync(path.join(root, file), 'utf8')))).toContain('cli/commands/serve-command.ts');
  });

  it('reports imports across layers (cli/, which wires both sides, would break a rule that kept it to itself)', () => {
    const crossings = forbiddenImports('cli', ['cli']);
    expect(crossings).toContain('cli/commands/build-command.ts → pipeline/build/build-site.ts');
    expect(crossings).toContain('cli/commands/serve-command.ts → runtime/http/build-app.ts');
  });
});

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
/**
 * The stages of pipeline/, lowest floor first: a folder imports only folders below it (and itself), so the imports
 * run one way and no circle crosses folders. A new folder of pipeline/ must take its place here.
 */
const PIPELINE_FLOORS = [
  'diagnostics',
  'site-model',
  'site',
  'config',
  'openapi',
  'navigation',
  'content',
  'endpoints',
  'manifest',
  'llms',
  'embeddings',
  'assemble',
];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The files a source text imports by relative path, relative to the checkout's root. */
function relativeImports(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.relative(root, path.resolve(root, path.dirname(file), specifier)));
}

/** Relative imports of a file that leave the folders its layer may use, as `file → target`. */
function forbiddenImports(layer: string, allowed: readonly string[] = ALLOWED[layer] ?? []): string[] {
  return sourceFiles([layer]).flatMap((file) =>
    relativeImports(file, readFileSync(path.join(root, file), 'utf8'))
      .filter((target) => !allowed.includes(target.split(path.sep)[0] ?? '') && !target.endsWith('package.json'))
      .map((target) => `${file} → ${target}`),
  );
}

/** Imports between pipeline/ folders that run up the floors (or out of a folder not on them), as `file → target`. */
function upwardImports(texts: ReadonlyMap<string, string>, floors: readonly string[] = PIPELINE_FLOORS): string[] {
  const floorOf = (file: string): number => floors.indexOf(file.split(path.sep)[1] ?? '');
  return [...texts].flatMap(([file, text]) =>
    relativeImports(file, text)
      .filter(
        (target) => target.startsWith(`pipeline${path.sep}`) && (floorOf(file) < 0 || floorOf(target) > floorOf(file)),
      )
      .map((target) => `${file} → ${target}`),
  );
}

describe('layers import only what they may (docs/concepts/architecture.mdx)', () => {
  it.each(Object.keys(ALLOWED))('%s/ imports no file of another layer', (layer) => {
    expect(forbiddenImports(layer)).toEqual([]);
  });

  it('leaves the environment to cli/: no other layer reads process.env, they take plain options', () => {
    const readers = sourceFiles(Object.keys(ALLOWED)).filter((file) =>
      /\bprocess\.env\b/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(readers).toEqual([]);
    expect(
      sourceFiles(['cli']).filter((file) => /\bprocess\.env\b/.test(readFileSync(path.join(root, file), 'utf8'))),
    ).toContain('cli/commands/serve-command.ts');
  });

  it('pipeline/ imports down its stage floors only, and every folder of pipeline/ is on them', () => {
    const files = sourceFiles(['pipeline']);
    expect(new Set(files.map((file) => file.split(path.sep)[1]))).toEqual(new Set(PIPELINE_FLOORS));
    expect(upwardImports(new Map(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')])))).toEqual(
      [],
    );
  });

  it('reports an import up the floors, and one from a folder the floors do not name', () => {
    const texts = new Map([
      [
        'pipeline/config/normalize-config.ts',
        "import { buildSite } from '../assemble/build-site.ts';\nimport type { SiteConfig } from '../site-model/site-config.ts';",
      ],
      ['pipeline/unplaced/helper.ts', "import { isRecord } from '../site-model/is-record.ts';"],
    ]);
    expect(upwardImports(texts)).toEqual([
      'pipeline/config/normalize-config.ts → pipeline/assemble/build-site.ts',
      'pipeline/unplaced/helper.ts → pipeline/site-model/is-record.ts',
    ]);
  });

  it('reports imports across layers (cli/, which wires both sides, would break a rule that kept it to itself)', () => {
    const crossings = forbiddenImports('cli', ['cli']);
    expect(crossings).toContain('cli/commands/build-command.ts → pipeline/assemble/build-site.ts');
    expect(crossings).toContain('cli/commands/serve-command.ts → runtime/http/build-app.ts');
  });
});

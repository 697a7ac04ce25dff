import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excludedPackageProblems, readExcludedPackages, ROOT } from '../../scripts/runtime-packages.mjs';
import { rehearseImage } from '../../scripts/rehearse-image.mjs';

/** The rehearsal installs the runtime's packages from the npm registry (or npm's cache), ~15–30 s; DOCSMITH_REHEARSE_IMAGE=0 skips it. */
const rehearse = process.env.DOCSMITH_REHEARSE_IMAGE !== '0';
if (!rehearse) process.stderr.write('skipped the Docker image rehearsal: DOCSMITH_REHEARSE_IMAGE=0\n');

describe('the Docker image', () => {
  it('removes exactly the build-side packages: none the runtime imports or needs, every other dependency', () => {
    expect(excludedPackageProblems()).toEqual([]);
  });

  it('catches a dependency left out of the list, and a runtime package put into it', () => {
    const excluded = readExcludedPackages();
    expect(excludedPackageProblems(excluded.filter((name) => name !== 'remark-gfm'))).toEqual([
      "remark-gfm is a dependency the image's runtime never loads: add it to scripts/runtime-excluded-packages.txt",
    ]);
    expect(excludedPackageProblems([...excluded, 'fastest-levenshtein', '@ai-sdk/provider', 'vfile-message'])).toEqual([
      'fastest-levenshtein is excluded from the image but lib/runtime/search/closest-page-paths.js imports it',
      '@ai-sdk/provider is excluded from the image but a package the runtime imports needs it',
      'vfile-message is excluded from the image but is not a dependency in package.json',
    ]);
  });

  it('uninstalls the packages of scripts/runtime-excluded-packages.txt, not a list of its own', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const uninstall = /npm uninstall [^\n]*\n?[^\n]*/.exec(dockerfile)?.[0] ?? '';
    expect(uninstall).toContain("$(sed 's/#.*//' scripts/runtime-excluded-packages.txt)");
    for (const name of readExcludedPackages())
      expect(dockerfile).not.toMatch(new RegExp(`\\s${name.replace(/[/.@-]/g, '\\$&')}\\s`));
  });

  it.skipIf(!rehearse)(
    'runs its runtime stage: --version, keys create, and serve answers a streamed question, compiled code only',
    { timeout: 300_000 },
    async () => {
      const result = await rehearseImage();
      expect(result.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(result.answer.status).toBe(200);
      expect(result.answer.body).toContain('"type":"finish"');
    },
  );
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import { hasSharedData, sharedDir } from '../helpers/test-prerequisites.ts';

const corporaDir = path.join(sharedDir, 'corpora');
const available = hasSharedData('corpora', 'the docs.json of the real corpora');

/** The only warnings each real site deserves; every one was checked by hand. */
const expectedWarnings: Record<string, string[]> = {
  x402: ['unknown-key /feedback'],
  ollama: [],
  mem0: [],
  trigger: [],
  mcp: [],
};

describe.skipIf(!available)('the docs.json of the real corpora', () => {
  it.each(Object.keys(expectedWarnings))('%s validates with zero errors', async (corpus) => {
    const result = validateConfig(await readSiteSource(path.join(corporaDir, corpus)));
    expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.diagnostics.map((diagnostic) => `${diagnostic.ruleId} ${diagnostic.pointer ?? ''}`)).toEqual(
      expectedWarnings[corpus],
    );
    expect(result.config?.navigation).toBeTypeOf('object');
  });
});

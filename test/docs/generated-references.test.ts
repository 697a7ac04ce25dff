import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceFiles, ROOT } from '../../scripts/docs/reference-files.ts';
import { environmentVariablesInCode } from '../helpers/environment-variables.ts';

/** Variables named in the first column of a Markdown table whose header has a `variable` column. */
function variablesInTables(text: string): string[] {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cellText) => cellText.trim());
    for (const cellText of cells.slice(1, 3)) for (const match of cellText.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)) names.add(match[1] as string);
  }
  return [...names].sort();
}

describe('the references generated from the code are in step with it', () => {
  it('README\'s command table, docs/reference/cli.mdx and docs/reference/openapi.json are what `npm run docs:reference` writes', async () => {
    for (const [file, generated] of await referenceFiles()) {
      const committed = await readFile(path.join(ROOT, file), 'utf8');
      expect(committed, `${file} is stale: run npm run docs:reference`).toBe(generated);
    }
  });

  it('the settings tables of the README and of docs/reference/environment.mdx name every variable the code reads, and no other', async () => {
    const inCode = await environmentVariablesInCode();
    expect(inCode).toContain('ASSISTANT_LLM_BASE_URL');
    for (const file of ['README.md', 'docs/reference/environment.mdx']) {
      const text = await readFile(path.join(ROOT, file), 'utf8');
      const section = file === 'README.md' ? text.slice(text.indexOf('## Settings'), text.indexOf('## HTTP endpoints')) : text;
      expect(variablesInTables(section), file).toEqual(inCode);
    }
  });
});

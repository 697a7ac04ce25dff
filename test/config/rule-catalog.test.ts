import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RULE_CATALOG } from '../../pipeline/diagnostics/rule-catalog.ts';

/** `### \`rule-id\` · severity` headings of docs/diagnostics.md. */
async function documentedRules(): Promise<Map<string, string>> {
  const documentation = await readFile(new URL('../../docs/diagnostics.md', import.meta.url), 'utf8');
  return new Map(
    [...documentation.matchAll(/^### `([a-z0-9-]+)` · (error|warning)$/gm)].map((match) => [
      match[1] ?? '',
      match[2] ?? '',
    ]),
  );
}

describe('diagnostics catalogue', () => {
  it('documents every rule with its severity in docs/diagnostics.md, and no rule that does not exist', async () => {
    const documented = await documentedRules();
    const catalogued = new Map(
      Object.entries(RULE_CATALOG).map(([ruleId, entry]) => [ruleId, entry.severity as string]),
    );
    expect([...documented].sort()).toEqual([...catalogued].sort());
  });

  it('describes every rule in one line', () => {
    for (const [ruleId, entry] of Object.entries(RULE_CATALOG)) {
      expect(ruleId).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(entry.description, ruleId).toMatch(/^\S.*\.$/);
    }
  });
});

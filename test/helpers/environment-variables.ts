import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkoutRoot, sourceFiles } from './source-files.ts';

/** Variables the code reads: `process.env.X`, `environment.X`, and quoted `DOCSMITH_…`/`ASSISTANT_…` names handed to a reader. */
export async function environmentVariablesInCode(): Promise<string[]> {
  const names = new Set<string>();
  for (const file of sourceFiles(['cli', 'runtime', 'pipeline', 'contract'])) {
    const text = await readFile(path.join(checkoutRoot, file), 'utf8');
    for (const match of text.matchAll(/\b(?:process\.env|environment|env)\.([A-Z][A-Z0-9_]+)\b/g))
      names.add(match[1] as string);
    for (const match of text.matchAll(/'((?:DOCSMITH|ASSISTANT)_[A-Z0-9_]+)'/g)) names.add(match[1] as string);
  }
  return [...names].sort();
}

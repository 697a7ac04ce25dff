// `npm run docs:reference`: writes the generated references (docs/reference/cli.mdx, docs/reference/openapi.json,
// the README's command table) from the code. test/docs/generated-references.test.ts fails when they are stale.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { referenceFiles, ROOT } from './reference-files.ts';

for (const [file, text] of await referenceFiles()) {
  await mkdir(path.dirname(path.join(ROOT, file)), { recursive: true });
  await writeFile(path.join(ROOT, file), text);
  process.stdout.write(`wrote ${file}\n`);
}

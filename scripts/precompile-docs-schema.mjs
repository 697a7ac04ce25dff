// Writes AJV's standalone validator of docs.schema.json beside the compiled pipeline (run by `npm run build` after
// tsc): `lib/pipeline/config/docs-schema-validator.js` imports it instead of compiling the schema at start-up.
import { writeFile } from 'node:fs/promises';
import { docsSchemaStandaloneCode } from '../lib/pipeline/config/compile-docs-schema.js';

const target = new URL('../lib/pipeline/config/docs-schema-validator.precompiled.js', import.meta.url);
await writeFile(target, docsSchemaStandaloneCode());

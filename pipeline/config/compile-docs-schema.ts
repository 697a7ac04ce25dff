import { _, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import docsSchema from '../../schemas/docs.schema.json' with { type: 'json' };
import { docsSchemaFormats } from './docs-schema-formats.ts';

/** Where the precompiled validator imports the formats from (the compiled `docs-schema-formats.ts`, its sibling in lib/). */
const FORMATS_MODULE = './docs-schema-formats.js';

function createDocsSchemaAjv(source: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: false,
    allowUnionTypes: true,
    code: { source, esm: true, formats: _`docsSchemaFormats` },
  });
  for (const [name, format] of Object.entries(docsSchemaFormats)) ajv.addFormat(name, format);
  return ajv;
}

/** Compiles docs.schema.json with AJV (all errors, verbose: the diagnostics read each error's schema and parent schema). */
export function compileDocsSchema(): ValidateFunction {
  return createDocsSchemaAjv(false).compile(docsSchema);
}

/**
 * The same validator as an ES module's source (AJV standalone code exporting `validate`), written next to the compiled
 * pipeline by `npm run build` so that a build process loads it in ~10 ms instead of compiling the schema (~150 ms).
 */
export function docsSchemaStandaloneCode(): string {
  const ajv = createDocsSchemaAjv(true);
  const code = standaloneCode.default(ajv, ajv.compile(docsSchema));
  // Under `esm: true` AJV still `require`s its run-time helpers (string lengths in code points).
  const header = `import { createRequire } from "node:module";\nimport { docsSchemaFormats } from "${FORMATS_MODULE}";\nconst require = createRequire(import.meta.url);\n`;
  return header + code;
}

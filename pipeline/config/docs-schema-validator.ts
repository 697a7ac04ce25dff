import type { ValidateFunction } from 'ajv';

/** The module `npm run build` writes beside the compiled pipeline (scripts/precompile-docs-schema.mjs); absent in the sources. */
const PRECOMPILED_VALIDATOR: string = './docs-schema-validator.precompiled.js';

async function loadDocsSchemaValidator(): Promise<ValidateFunction> {
  try {
    return ((await import(PRECOMPILED_VALIDATOR)) as { validate: ValidateFunction }).validate;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    return (await import('./compile-docs-schema.ts')).compileDocsSchema();
  }
}

/**
 * AJV's validator of docs.schema.json: the standalone module precompiled by `npm run build` when it is there (the
 * compiled CLI), else compiled from the schema on first import (sources run by tsx or vitest).
 */
export const validateDocsSchema: ValidateFunction = await loadDocsSchemaValidator();

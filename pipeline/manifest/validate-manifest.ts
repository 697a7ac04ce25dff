import { Ajv } from 'ajv';
import manifestSchema from '../../schemas/manifest.schema.json' with { type: 'json' };

const validate = new Ajv({ allErrors: false, strict: false }).compile(manifestSchema);

/** Checks a value against schemas/manifest.schema.json; resolves to the problems found (empty when valid). */
export function validateManifest(value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
}

/** An operation reference: `[spec-file] METHOD /path` or `[spec-file] webhook NAME` (groups: spec file, method, path). */
export const OPERATION_REFERENCE = /^(?:(\S+)\s+)?(get|put|post|delete|options|head|patch|trace|webhook)\s+(\S+)$/i;

/** The method (upper case) and path a reference names (`api.yaml get /x` → `GET /x`), or undefined when it is not a reference. */
export function operationOfReference(reference: string): string | undefined {
  const match = OPERATION_REFERENCE.exec(reference.trim());
  return match ? `${(match[2] ?? '').toUpperCase()} ${match[3] ?? ''}` : undefined;
}

/** The spec file a reference names (`/es/openapi.json GET /x` → `/es/openapi.json`), or undefined when it names none. */
export function specNameOfReference(reference: string): string | undefined {
  return OPERATION_REFERENCE.exec(reference.trim())?.[1];
}

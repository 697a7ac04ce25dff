const OPERATION_REFERENCE = /^(?:\S+\s+)?(?:(?:get|put|post|delete|patch|options|head|trace)\s+\/\S*|webhook\s+\S+)$/i;

/**
 * Whether a navigation `pages` entry is an OpenAPI operation reference rather than a page path:
 * `GET /users`, `openapi.json post /users`, `webhook order.created`.
 */
export function isOperationReference(entry: string): boolean {
  return OPERATION_REFERENCE.test(entry.trim());
}

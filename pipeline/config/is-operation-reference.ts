const OPERATION_REFERENCE = /^(?:\S+\s+)?(?:get|put|post|delete|patch|options|head|trace|webhook)\s+\S+$/i;
const METHOD_FIRST = /^(?:get|put|post|delete|patch|options|head|trace)\s+\//i;
const WEBHOOK = /^(?:\S+\s+)?webhook\s+\S+$/i;
const SPEC_FIRST = /^\S+\s+(?:get|put|post|delete|patch|options|head|trace)\s+\//i;

/**
 * Whether a navigation `pages` entry is an OpenAPI operation reference rather than a page path:
 * `GET /users`, `openapi.json post /users`, `webhook order.created`.
 */
export function isOperationReference(entry: string): boolean {
  const trimmed = entry.trim();
  return OPERATION_REFERENCE.test(trimmed) && (METHOD_FIRST.test(trimmed) || SPEC_FIRST.test(trimmed) || WEBHOOK.test(trimmed));
}

import type { SpecOperation } from './loaded-spec.ts';
import { operationSecurity } from './operation-security.ts';
import { operationServers } from './operation-servers.ts';

/** HTTP methods an OpenAPI path item may hold, in the order endpoint pages are generated. */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Every operation of a dereferenced spec in document order (paths, then webhooks), path-level parameters merged into
 * each, with the security requirements and servers in effect for it.
 */
export function listSpecOperations(document: Record<string, unknown>): SpecOperation[] {
  const operations: SpecOperation[] = [];
  const collect = (items: unknown, webhook: boolean): void => {
    if (!items || typeof items !== 'object') return;
    for (const [path, item] of Object.entries(items as Record<string, Record<string, unknown>>)) {
      if (!item || typeof item !== 'object') continue;
      const shared = objectsOf(item.parameters);
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Record<string, unknown> | undefined;
        if (!operation || typeof operation !== 'object') continue;
        const own = objectsOf(operation.parameters);
        const parameters = [
          ...shared.filter(
            (parameter) => !own.some((candidate) => candidate.name === parameter.name && candidate.in === parameter.in),
          ),
          ...own,
        ];
        operations.push({
          method: method.toUpperCase(),
          path,
          operation,
          parameters,
          tags: Array.isArray(operation.tags) ? operation.tags.map(String) : [],
          ...(typeof operation.summary === 'string' && operation.summary.trim()
            ? { summary: operation.summary.trim() }
            : {}),
          ...(typeof operation.description === 'string' ? { description: operation.description } : {}),
          hidden: operation['x-hidden'] === true,
          excluded: operation['x-excluded'] === true,
          webhook,
          security: operationSecurity(document, operation, webhook),
          servers: operationServers(document, item, operation),
        });
      }
    }
  };
  collect(document.paths, false);
  collect(document.webhooks, true);
  return operations;
}

/** The object entries of a list from a spec (a malformed spec may hold null, strings or numbers there). */
function objectsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter(
        (entry): entry is Record<string, unknown> =>
          typeof entry === 'object' && entry !== null && !Array.isArray(entry),
      )
    : [];
}

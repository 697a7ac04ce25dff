import type { SpecOperation } from '../openapi/loaded-spec.ts';
import { slugify } from './slugify.ts';

/**
 * The route of an operation's endpoint page, before collision suffixes: `<directory or api-reference>/<tag>/<name>`,
 * where name is the slugified summary, or `<method>-<path words>` without one (`GET /users/{id}` → `get-users-id`).
 * Untagged operations have no tag segment.
 */
export function endpointSlug(operation: SpecOperation, directory = 'api-reference'): string {
  const fallback = `${operation.webhook ? 'webhook' : operation.method} ${operation.path.replace(/[^A-Za-z0-9]+/g, ' ')}`;
  const name = (operation.summary ? slugify(operation.summary) : '') || slugify(fallback) || 'endpoint';
  const tag = operation.tags[0] ? slugify(operation.tags[0]) : '';
  return [directory, ...(tag ? [tag] : []), name].join('/');
}

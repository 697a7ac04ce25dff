import { posix } from 'node:path';
import type { SpecOperation } from '../openapi/loaded-spec.ts';
import { slugify } from './slugify.ts';

/**
 * The route of an operation's endpoint page, before collision suffixes, as the platform derives it:
 * `<directory or api-reference>/<tag>/<name>`, where name is the slugified summary, or without one
 * `<method>-<slugified path>` (`GET /users/{id}/posts` → `get-users-posts`; a webhook: its slugified name).
 * Untagged operations have no tag segment. The operation's `x-mint: {href}` replaces all of it (`/api/chat` → `api/chat`).
 */
export function endpointSlug(operation: SpecOperation, directory = 'api-reference'): string {
  const href = xMintHref(operation.operation);
  if (href) return href;
  const fallback = operation.webhook
    ? slugify(operation.path)
    : `${operation.method.toLowerCase()}-${slugify(operation.path)}`;
  const name = (operation.summary ? slugify(operation.summary) : '') || fallback || 'endpoint';
  const tag = operation.tags[0] ? slugify(operation.tags[0]) : '';
  return [directory, ...(tag ? [tag] : []), name].join('/');
}

/** The route an operation sets with `x-mint: {href}`: without leading slash or file extension, as the platform reads it. */
function xMintHref(operation: Record<string, unknown>): string | undefined {
  const xMint = operation['x-mint'];
  const href = xMint && typeof xMint === 'object' ? (xMint as Record<string, unknown>).href : undefined;
  if (typeof href !== 'string') return undefined;
  const { dir, name } = posix.parse(href.trim().replace(/^\/+/, '').replace(/\/+$/, ''));
  return posix.join(dir, name).replace(/^\.$/, '') || undefined;
}

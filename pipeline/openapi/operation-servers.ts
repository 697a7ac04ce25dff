import { isRecord } from '../site-model/is-record.ts';

/**
 * The servers in effect for an operation, as the platform reads them (`ServersConverter` input): its own `servers`,
 * else its path item's, else the document's.
 */
export function operationServers(
  document: Record<string, unknown>,
  pathItem: Record<string, unknown>,
  operation: Record<string, unknown>,
): Record<string, unknown>[] {
  const servers = operation.servers ?? pathItem.servers ?? document.servers;
  return Array.isArray(servers) ? servers.filter(isRecord) : [];
}

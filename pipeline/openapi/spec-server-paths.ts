import { withoutOrigin } from './without-origin.ts';

/** The path parts of a spec's server URLs (`https://api.x.com/v1` → `/v1`). */
export function specServerPaths(document: Record<string, unknown>): string[] {
  const paths = new Set<string>();
  if (Array.isArray(document.servers)) {
    for (const server of document.servers as Record<string, unknown>[]) {
      if (typeof server?.url !== 'string') continue;
      const serverPath = withoutOrigin(server.url).replace(/\/+$/, '');
      if (serverPath.startsWith('/')) paths.add(serverPath);
    }
  }
  return [...paths];
}

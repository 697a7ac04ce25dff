import { isRecord } from '../site-model/is-record.ts';
import { descriptionText } from './description-text.ts';

/** Most servers named on one endpoint page; further ones are left out. */
const MAX_SERVERS = 5;
/** Most values of a server variable's `enum` named. */
const MAX_VARIABLE_VALUES = 12;

/**
 * The lines an endpoint page's intro gives its servers, as the platform's API page offers them (`ServersConverter`; the
 * playground's base URL, a dropdown when there are several): `Base URL: https://api.example.com (Production)`, or
 * `Base URLs: a (Production), b (Sandbox)`, each URL with its variables set to their defaults and, when it has
 * variables, its template and their values; then `Request URL: <first base URL><path>`, the URL the platform's
 * request example calls. A server whose URL is empty or `/` says nothing. No servers: no lines.
 */
export function baseUrlLines(servers: readonly Record<string, unknown>[] | undefined, path: string): string[] {
  const shown = (servers ?? [])
    .slice(0, MAX_SERVERS)
    .map((server) => ({ server, url: typeof server.url === 'string' ? withDefaults(server) : '' }))
    .filter(({ url }) => url !== '' && url !== '/');
  const first = shown[0];
  if (first === undefined) return [];
  const label = shown.length > 1 ? 'Base URLs' : 'Base URL';
  return [
    `${label}: ${shown.map(({ server, url }) => serverText(server, url)).join(', ')}`,
    `Request URL: ${first.url.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`,
  ];
}

/** A server's URL with each `{variable}` set to its default (a variable without one stays as written). */
function withDefaults(server: Record<string, unknown>): string {
  const variables = recordOf(server.variables);
  return String(server.url).replace(/\{([^{}]+)\}/g, (written, name: string) => {
    const value = recordOf(variables[name]).default;
    return value === undefined || value === null ? written : String(value);
  });
}

/** `https://us.api.example.com (Production; https://{region}.api.example.com, region: us, eu)`. */
function serverText(server: Record<string, unknown>, url: string): string {
  const variables = Object.entries(recordOf(server.variables)).map(([name, variable]) => {
    const values = Array.isArray(recordOf(variable).enum) ? (recordOf(variable).enum as unknown[]) : [];
    const description = descriptionText(recordOf(variable).description);
    return [
      `${name}${values.length > 0 ? `: ${values.slice(0, MAX_VARIABLE_VALUES).map(String).join(', ')}` : ''}`,
      description,
    ]
      .filter(Boolean)
      .join(' — ');
  });
  const template = variables.length > 0 ? `${String(server.url)}, ${variables.join('; ')}` : '';
  const notes = [descriptionText(server.description), template].filter(Boolean).join('; ');
  return notes === '' ? url : `${url} (${notes})`;
}

/** The value when it is an object, else an empty one (a malformed spec may hold anything there). */
function recordOf(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

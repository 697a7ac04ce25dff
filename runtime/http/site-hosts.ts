import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { DOMAIN_NAME } from '../../contract/domain-name.ts';
import { siteFilesPath } from '../artifacts/page-url.ts';
import { isAgentFilePath } from './agent-file-names.ts';

/** A docs host whose root the runtime answers for one domain (`--site-host docs.acme.com=acme`, or `acme.com/docs=acme` for a site under a base path). */
export interface SiteHost {
  /** Host name, lower case, with a port only when the mapping names one. */
  host: string;
  /** The path the site is served under (`/docs`), '' at the host's root. */
  basePath: string;
  domain: string;
}

/** The public addresses of a site's MCP server and files, as one request reached them. */
export interface SiteAddresses {
  /** The MCP endpoint (`https://docs.acme.com/mcp`, or `https://runtime.example/sites/acme/mcp`: clients such as the MCP Inspector take a URL ending in `/mcp` as it is and replace any other path by `/mcp`). */
  mcpUrl: string;
  /** Where `llms.txt` and the `<page>.md` files are (`https://docs.acme.com`, or `https://runtime.example/sites/acme`). */
  filesBase: string;
}

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;
const BASE_PATH = /^(?:\/[\w.~-]+)*$/;

/** Reads one `--site-host` value, `<host>[/<base path>]=<domain>`; throws an Error saying what was expected. */
export function parseSiteHost(value: string): SiteHost {
  const match = /^([^=/]+)(\/[^=]*)?=(.+)$/.exec(value.trim());
  const host = match?.[1]?.toLowerCase() ?? '';
  const basePath = (match?.[2] ?? '').replace(/\/+$/, '');
  const domain = match?.[3]?.trim() ?? '';
  if (!match || !HOST.test(host) || !BASE_PATH.test(basePath) || !DOMAIN_NAME.test(domain)) {
    throw new Error(
      `Unexpected site host \`${value}\`, expected <host>=<domain> (docs.acme.com=acme) or <host>/<base path>=<domain> (acme.com/docs=acme)`,
    );
  }
  return { host, basePath, domain };
}

/** Requests rewritten for a site host, with the mapping that matched. */
const mappedRequests = new WeakMap<IncomingMessage, SiteHost>();

/**
 * fastify's `rewriteUrl` for the site hosts: on a mapped host (under its base path), `/mcp` becomes `/mcp/<domain>`
 * and the files agents read (`/llms.txt`, `/llms-full.txt`, `/<page>.md`, `/.well-known/mcp…`) become
 * `/sites/<domain>/…`, so a reverse proxy in front of a docs site forwards them unchanged. Every other path, and every
 * other host, is left as it is. The `Host` header is matched (a proxy must pass the original one on).
 */
export function siteHostRewriter(siteHosts: readonly SiteHost[]): (request: IncomingMessage) => string {
  return (request) => {
    const url = request.url ?? '/';
    const mapping = siteHostOf(siteHosts, request.headers.host);
    if (!mapping) return url;
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = queryAt < 0 ? '' : url.slice(queryAt);
    if (mapping.basePath && !pathname.startsWith(`${mapping.basePath}/`)) return url;
    const rest = pathname.slice(mapping.basePath.length);
    const target =
      rest === '/mcp'
        ? `/mcp/${mapping.domain}`
        : isAgentFilePath(rest.slice(1))
          ? `${siteFilesPath(mapping.domain)}${rest}`
          : undefined;
    if (target === undefined) return url;
    mappedRequests.set(request, mapping);
    return `${target}${query}`;
  };
}

/**
 * Where a site's MCP server and files are, as the request reached them: at the mapped host's root (under its base
 * path) when the request came through a site host, else under `/sites/<domain>` of the host the request named;
 * root-relative when the request's host is not a usable host name.
 */
export function siteAddresses(request: FastifyRequest, domain: string): SiteAddresses {
  const origin = HOST.test(request.host) ? `${request.protocol}://${request.host}` : '';
  const mapping = mappedRequests.get(request.raw);
  if (mapping?.domain === domain)
    return { mcpUrl: `${origin}${mapping.basePath}/mcp`, filesBase: `${origin}${mapping.basePath}` };
  return { mcpUrl: `${origin}${siteFilesPath(domain)}/mcp`, filesBase: `${origin}${siteFilesPath(domain)}` };
}

function siteHostOf(siteHosts: readonly SiteHost[], header: string | undefined): SiteHost | undefined {
  if (!header || siteHosts.length === 0) return undefined;
  const host = header.toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  return siteHosts.find((mapping) => mapping.host === host || mapping.host === hostname);
}

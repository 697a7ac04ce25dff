import * as z from 'zod/v4';
import packageJson from '../../package.json' with { type: 'json' };
import type { LoadedSite } from '../artifacts/create-artifact-store.ts';
import type { DocsTool } from './docs-tool.ts';

/** What the discovery documents of a site's MCP server say. */
export interface DiscoveryInput {
  site: Pick<LoadedSite, 'domain' | 'siteName'>;
  /** The MCP endpoint as the request reached the runtime (`https://docs.acme.com/mcp`). */
  mcpUrl: string;
  /** Whether the server answers without a key (else a bearer API key). */
  public: boolean;
  tools: readonly DocsTool[];
}

/** The documents at `/.well-known/mcp` and `/.well-known/mcp.json`: where the server is and how to authenticate, in the platform's shape. */
export function mcpDiscoveryDocument(input: DiscoveryInput): Record<string, unknown> {
  const server = {
    name: input.public ? 'public' : 'authenticated',
    url: input.mcpUrl,
    transport: 'http',
    authentication: authenticationOf(input),
  };
  return { version: packageJson.version, transport: 'http', url: input.mcpUrl, servers: [server] };
}

/** What `tools/list` says of every tool the SDK's `registerTool` registers: it runs as a plain call, never as a task (MCP 2025-11-25). */
const NO_TASKS = { taskSupport: 'forbidden' } as const;

/** The document at `/.well-known/mcp/server-card.json`: the server with its tools as `tools/list` shows them (input and output schemas, annotations, execution), so a client can show them before connecting. */
export function mcpServerCard(input: DiscoveryInput): Record<string, unknown> {
  return {
    name: `${input.site.domain}-docs`,
    title: `${input.site.siteName} documentation`,
    version: packageJson.version,
    url: input.mcpUrl,
    transport: 'http',
    description: `Search and read the ${input.site.siteName} documentation`,
    capabilities: { tools: true, resources: false },
    authentication: authenticationOf(input),
    tools: input.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.inputSchema, { target: 'draft-7', io: 'input' }),
      ...(tool.outputSchema
        ? { outputSchema: z.toJSONSchema(tool.outputSchema, { target: 'draft-7', io: 'output' }) }
        : {}),
      annotations: tool.annotations,
      execution: NO_TASKS,
    })),
  };
}

/** The document at `/.well-known/mcp/server-cards.json`: one card per endpoint of the site (one: the same endpoint serves keys and, when public, anyone). */
export function mcpServerCards(input: DiscoveryInput): Record<string, unknown> {
  return { servers: [mcpServerCard(input)] };
}

function authenticationOf(input: DiscoveryInput): string {
  return input.public ? 'none' : 'bearer';
}

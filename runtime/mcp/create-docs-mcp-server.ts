import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import packageJson from '../../package.json' with { type: 'json' };
import type { DocsTool, DocsToolContext } from './docs-tool.ts';
import { getPageTool } from './get-page-tool.ts';
import { searchTool } from './search-tool.ts';

/** Largest number of array elements and object members one tool call's arguments may hold (the tools take five scalars). */
const MAX_TOOL_INPUT_ELEMENTS = 32;

/** The JSON Schema validator of every server (the SDK makes a new Ajv per server otherwise; these servers never use it: no elicitation). */
const sharedValidator = new AjvJsonSchemaValidator();

/** The tools of a site's MCP server, in the order `tools/list` shows them. */
export function docsTools(context: DocsToolContext): DocsTool[] {
  return [searchTool(context), getPageTool(context)];
}

/**
 * The MCP server of one documentation site (official SDK `McpServer`): the `search` and `get_page` tools, named and
 * described after the site so that an agent with several servers picks the right one. The same server runs over
 * Streamable HTTP (one per request, stateless) and over stdio (`docsmith mcp`).
 */
export function createDocsMcpServer(context: DocsToolContext): McpServer {
  const { site } = context;
  const server = new McpServer(
    { name: `${site.domain}-docs`, title: `${site.siteName} documentation`, version: packageJson.version },
    {
      instructions: `Tools for the ${site.siteName} documentation: \`search\` finds the pages about a question, \`get_page\` reads one of them whole as Markdown. Cite the result links.`,
      maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
      jsonSchemaValidator: sharedValidator,
    },
  );
  for (const tool of docsTools(context)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        annotations: tool.annotations,
      },
      (input: Record<string, unknown>) => tool.call(input),
    );
  }
  // The tools never change while a server runs (a new release changes their results, not the list), and over
  // stateless HTTP there is no stream to notify on: say so, instead of the SDK's default `listChanged: true`.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}

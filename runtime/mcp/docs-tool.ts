import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod/v4';
import type { LoadedSite } from '../artifacts/create-artifact-store.ts';
import type { PageSigner } from '../artifacts/page-url.ts';
import type { HybridRetrieval } from '../search/index.ts';

/** What the tools of a site's MCP server read from. */
export interface DocsToolContext {
  /** The site as loaded when the server was made: its name and facets describe the tools. */
  site: LoadedSite;
  /** The site's current build at each call (a long-lived stdio server follows new releases). */
  currentSite(): Promise<LoadedSite>;
  /** A text file of a build (`pages/<path>.md`), undefined when there is none (the artifact store's `readBuildFile`). */
  readBuildFile(site: LoadedSite, file: string): Promise<string | undefined>;
  /** Where this runtime serves the site's page Markdown (absolute), linked when the site has no site URL; undefined over stdio. */
  markdownBase?: string;
  /** Signs those Markdown links for the key that asked, so a keyed domain's links open without a key (default: unsigned). */
  signPage?: PageSigner;
  /** The question embedder of sites built with vectors, and the vector ranking's weight (default: lexical only). */
  hybrid?: HybridRetrieval | undefined;
  /** Told each search and its result count, for the owner's analytics (default: not recorded). */
  recordSearch?(site: LoadedSite, query: string, resultCount: number): Promise<void>;
  /** Told why a query was not embedded (its results are then lexical). */
  onEmbeddingError?(error: unknown): void;
}

/** One tool of the server: its name, what `tools/list` shows of it, and what a call does with input its schema accepted. */
export interface DocsTool {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema?: z.ZodObject;
  annotations: ToolAnnotations;
  call(input: Record<string, unknown>): Promise<CallToolResult>;
}

/** The annotations of every docs tool: it reads the site's published documentation and changes nothing. */
export const READ_ONLY_TOOL: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** A tool error the agent reads and can act on (`isError`), never a protocol failure. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

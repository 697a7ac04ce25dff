import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Command } from 'commander';
import { readCurrentBuildId } from '../../contract/artifact-layout.ts';
import { ArtifactError, createArtifactStore, type LoadedSite } from '../../runtime/artifacts/create-artifact-store.ts';
import { createDocsMcpServer } from '../../runtime/mcp/create-docs-mcp-server.ts';
import { createQueryEmbedder } from '../../runtime/search/index.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { trackPendingRequests } from '../pending-requests.ts';
import { parseHttpUrl } from '../parse-http-url.ts';
import { readUserInput } from '../read-user-input.ts';

interface McpCommandOptions {
  domain?: string;
  embeddings: boolean;
  embeddingsUrl?: string;
}

/** A folder on the command line that holds no site to serve. */
class NoSiteError extends Error {
  override name = 'NoSiteError';
}

/**
 * `docsmith mcp <artifacts-dir> [--domain d]`: the site's MCP server (`search`, `get_page`) over stdio, for an agent on
 * the writer's machine. It reads the published build as `serve` does and follows new releases (`docsmith build
 * --publish` while it runs). Nothing but the protocol goes to stdout; the one status line goes to stderr.
 */
export function mcpCommand(): Command {
  return new Command('mcp')
    .description("Serve a built site's MCP server (search, get_page) over stdio for a local agent")
    .argument('<artifacts-dir>', "published builds (dist, one folder per domain) or one domain's folder (dist/acme)")
    .option('--domain <domain>', 'the domain to serve when the folder holds several')
    .option(
      '--embeddings-url <url>',
      'for a site built with vectors: embed queries here instead of the endpoint the artifact names (env DOCSMITH_EMBEDDINGS_URL; key in DOCSMITH_EMBEDDINGS_API_KEY)',
      parseHttpUrl,
    )
    .option('--no-embeddings', 'rank lexically: no embeddings endpoint, no built-in word vectors')
    .addHelpText(
      'after',
      '\nExample:\n  $ docsmith mcp dist --domain acme\n  $ claude mcp add acme-docs -- docsmith mcp "$PWD/dist" --domain acme',
    )
    .action(async (artifactsDir: string, options: McpCommandOptions) => {
      process.exitCode = await runMcp(artifactsDir, options);
    });
}

async function runMcp(artifactsDir: string, options: McpCommandOptions): Promise<number> {
  const located = await readUserInput('mcp', () => locateDomain(artifactsDir, options.domain), [NoSiteError]);
  if (!located) return EXIT_USAGE;
  const store = createArtifactStore({ root: located.root });
  const site = await readUserInput('mcp', () => loadSite(store, located), [NoSiteError]);
  if (!site) return EXIT_USAGE;
  const url = options.embeddingsUrl ?? (process.env.DOCSMITH_EMBEDDINGS_URL || undefined);
  const apiKey = process.env.DOCSMITH_EMBEDDINGS_API_KEY;
  let current = site;
  const server = createDocsMcpServer({
    site,
    // A release refused or gone keeps the build in use: a local agent keeps its answers.
    currentSite: async () => (current = (await store.get(located.domain).catch(() => undefined)) ?? current),
    readBuildFile: (build, file) => store.readBuildFile(build, file),
    ...(options.embeddings
      ? {
          hybrid: {
            embedQuery: createQueryEmbedder({ url: url || undefined, apiKey, timeoutMs: 10_000 }),
          },
        }
      : { hybrid: { wordVectors: false } }),
    onEmbeddingError: (error) =>
      process.stderr.write(
        `docsmith mcp: query not embedded (${(error as Error).message.split('\n')[0]}); lexical results\n`,
      ),
  });
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  const requests = trackPendingRequests(transport);
  process.stderr.write(`docsmith mcp: serving ${site.siteName} (${site.domain}, build ${site.buildId}) over stdio\n`);
  await closed;
  // Stdin closed: the client is done sending, not waiting for nothing. Send what is owed, then stop.
  await requests.settled();
  await server.close();
  return EXIT_OK;
}

/** The artifacts root and the domain to serve: `--domain`, else the folder itself when it is a domain's, else its one published domain. */
async function locateDomain(
  artifactsDir: string,
  domain: string | undefined,
): Promise<{ root: string; domain: string }> {
  const info = await stat(artifactsDir).catch(() => undefined);
  if (!info?.isDirectory()) throw new NoSiteError(`${artifactsDir}: no such folder`);
  if (domain !== undefined) return { root: artifactsDir, domain };
  if (await readCurrentBuildId(artifactsDir))
    return { root: path.dirname(path.resolve(artifactsDir)), domain: path.basename(path.resolve(artifactsDir)) };
  const domains = await publishedDomains(artifactsDir);
  if (domains.length === 1) return { root: artifactsDir, domain: domains[0] as string };
  if (domains.length === 0)
    throw new NoSiteError(
      `${artifactsDir}: no published site; run docsmith build <site> --out ${path.join(artifactsDir, '<domain>')} --publish first`,
    );
  throw new NoSiteError(`${artifactsDir} holds several sites (${domains.join(', ')}); name one with --domain`);
}

async function loadSite(
  store: ReturnType<typeof createArtifactStore>,
  located: { root: string; domain: string },
): Promise<LoadedSite> {
  try {
    const site = await store.get(located.domain);
    if (site) return site;
  } catch (error) {
    if (error instanceof ArtifactError)
      throw new NoSiteError(`${path.join(located.root, located.domain)}: ${error.message}`);
    throw error;
  }
  const domains = await publishedDomains(located.root);
  throw new NoSiteError(
    `${located.root} has no site ${located.domain}${domains.length > 0 ? `; its sites: ${domains.join(', ')}` : ''}`,
  );
}

/** The domains of an artifacts folder with a published build. */
async function publishedDomains(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const published = await Promise.all(
    entries.map(async (entry) =>
      entry.isDirectory() && (await readCurrentBuildId(path.join(root, entry.name))) ? entry.name : undefined,
    ),
  );
  return published.filter((name): name is string => name !== undefined).sort();
}

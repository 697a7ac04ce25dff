/** The llms.txt files of a build, served as they are (llmstxt.org). */
export const LLMS_FILES = ['llms.txt', 'llms-full.txt'] as const;

/** The llms.txt file a path names (`llms.txt`, `llms-full.txt`, and both under `.well-known/`, as the platform serves them), or undefined. */
export function llmsFileOf(file: string): (typeof LLMS_FILES)[number] | undefined {
  const name = file.startsWith('.well-known/') ? file.slice('.well-known/'.length) : file;
  return LLMS_FILES.find((candidate) => candidate === name);
}

/** The discovery documents of a site's MCP server, at the paths the platform serves them. */
export const DISCOVERY_FILES = [
  '.well-known/mcp',
  '.well-known/mcp.json',
  '.well-known/mcp/server-card.json',
  '.well-known/mcp/server-cards.json',
] as const;

/** Whether a path under a site's root (`llms.txt`, `guides/setup.md`, `.well-known/mcp`; no leading `/`) names a file agents read. */
export function isAgentFilePath(file: string): boolean {
  return (
    file.endsWith('.md') || llmsFileOf(file) !== undefined || (DISCOVERY_FILES as readonly string[]).includes(file)
  );
}

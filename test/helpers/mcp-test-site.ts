import { testSiteFiles } from './publish-test-site.ts';

/**
 * The runtime tests' small site in two versions (v2 the default: quickstart, cli/configure, billing; v1: its own
 * quickstart), so that the MCP search tool's version filter has something to narrow.
 */
export function versionedSiteFiles(name = 'Example'): Record<string, string> {
  const files = testSiteFiles(name);
  const docs = JSON.parse(files['docs.json'] as string) as Record<string, unknown>;
  const pages = ['quickstart', 'cli/configure', 'billing'];
  docs.navigation = {
    versions: [
      { version: 'v2', groups: [{ group: 'Start', pages }] },
      { version: 'v1', groups: [{ group: 'Start', pages: ['v1/quickstart'] }] },
    ],
  };
  return {
    ...files,
    'docs.json': JSON.stringify(docs),
    'v1/quickstart.mdx':
      '---\ntitle: Quickstart (v1)\ndescription: Install the legacy CLI.\n---\n\n## Install\n\nInstall the legacy CLI with npm i -g example-cli@1. It needs Node 16.\n',
  };
}

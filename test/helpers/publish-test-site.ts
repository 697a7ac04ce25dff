import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import path from 'node:path';

/** A small documentation site used by the runtime tests. */
export function testSiteFiles(name = 'Example'): Record<string, string> {
  return {
    'docs.json': JSON.stringify({
      theme: 'mint',
      name,
      colors: { primary: '#16A34A' },
      navigation: { groups: [{ group: 'Start', pages: ['quickstart', 'cli/configure', 'billing'] }] },
    }),
    'quickstart.mdx':
      '---\ntitle: Quickstart\ndescription: Install and log in.\n---\n\n## Install\n\nInstall the CLI with npm i -g example-cli. The CLI needs Node 20 or later.\n\n## Log in\n\nRun example login to connect your account to the CLI.\n',
    'cli/configure.mdx':
      '---\ntitle: Configure the CLI\ndescription: Settings.\n---\n\nThe CLI reads its settings from ~/.example/config.toml on every run.\n\n## Tokens in CI\n\nSet EXAMPLE_TOKEN to skip the interactive login step in CI pipelines.\n',
    'billing.mdx':
      '---\ntitle: Billing\ndescription: Plans and invoices.\n---\n\nInvoices are emailed on the first day of every month to the billing contact.\n',
  };
}

/** Builds a site in memory and publishes it under `<artifactsDir>/<domain>`; resolves to its buildId. */
export async function publishTestSite(
  artifactsDir: string,
  domain: string,
  files: Record<string, string> = testSiteFiles(),
  siteUrl?: string,
): Promise<string> {
  const result = await buildSite(siteSourceFromObject(files), { domain, ...(siteUrl ? { siteUrl } : {}) });
  if (!result.manifest) throw new Error(`test site ${domain} did not build: ${JSON.stringify(result.diagnostics)}`);
  const domainDir = path.join(artifactsDir, domain);
  await writeBuildDirectory(domainDir, result.manifest.buildId, result.files);
  await publishBuild(domainDir, result.manifest.buildId);
  return result.manifest.buildId;
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { corpusPath } from '../bench-helpers.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';

/**
 * Builds the site the serving benches answer on — the ollama corpus when the shared folder is there, else a generated
 * 1,250-page site — and publishes it under `<artifactsDir>/<domain>`; resolves to its domain and page count.
 */
export async function publishServingSite(artifactsDir: string): Promise<{ domain: string; pages: number }> {
  const corpus = existsSync(corpusPath('ollama'));
  const domain = corpus ? 'ollama' : 'synthetic';
  const result = await buildSite(
    corpus ? await readSiteSource(corpusPath('ollama')) : generateSyntheticSite({ pages: 1250 }),
    { domain },
  );
  const domainDir = path.join(artifactsDir, domain);
  await writeBuildDirectory(domainDir, result.manifest!.buildId, result.files);
  await publishBuild(domainDir, result.manifest!.buildId);
  return { domain, pages: result.manifest!.pages.length };
}

import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildDirectory, publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { generateSyntheticSite } from '../synthetic-site.ts';

/** What one loaded domain of a given size costs the serving process. */
export interface DomainMemory {
  pages: number;
  domains: number;
  /** Bytes of one domain's search.json. */
  searchBytes: number;
  /** Live memory per loaded domain (heap and external, after a full GC), bytes. */
  heapPerDomain: number;
  /** RSS per loaded domain, bytes. */
  rssPerDomain: number;
  /** The artifact store's estimate per domain (4 × its files' bytes), which its memory budget counts. */
  estimatePerDomain: number;
}

/** The site sizes measured, and how many domains of each are loaded together. */
const SIZES = [
  { pages: 8, domains: 60 },
  { pages: 100, domains: 20 },
  { pages: 1250, domains: 3 },
];

/**
 * Publishes generated sites of three sizes under `root` and loads each size's domains in a fresh process through the
 * runtime's artifact store (`load-domains-in-child.js`, compiled lib/): what a loaded domain costs in live heap and
 * RSS, against the store's own estimate.
 */
export async function measureDomainMemory(root: string): Promise<DomainMemory[]> {
  const figures: DomainMemory[] = [];
  for (const size of SIZES) {
    const domains: string[] = [];
    let searchBytes = 0;
    for (let index = 0; index < size.domains; index += 1) {
      const domain = `size${size.pages}-${index}`;
      const result = await buildSite(
        generateSyntheticSite({ pages: size.pages, copiedShare: 0, seed: index + 1, name: domain }),
        { domain },
      );
      const domainDir = path.join(root, domain);
      await writeBuildDirectory(domainDir, result.manifest!.buildId, result.files);
      await publishBuild(domainDir, result.manifest!.buildId);
      searchBytes += (await stat(path.join(buildDirectory(domainDir, result.manifest!.buildId), 'search.json'))).size;
      domains.push(domain);
    }
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', path.join(import.meta.dirname, 'load-domains-in-child.js'), root, ...domains],
      { maxBuffer: 1024 * 1024 },
    );
    const loaded = JSON.parse(stdout) as { before: NodeJS.MemoryUsage; after: NodeJS.MemoryUsage; estimate: number };
    figures.push({
      pages: size.pages,
      domains: size.domains,
      searchBytes: searchBytes / size.domains,
      heapPerDomain:
        (loaded.after.heapUsed + loaded.after.external - loaded.before.heapUsed - loaded.before.external) /
        size.domains,
      rssPerDomain: (loaded.after.rss - loaded.before.rss) / size.domains,
      estimatePerDomain: loaded.estimate / size.domains,
    });
  }
  return figures;
}

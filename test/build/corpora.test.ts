import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateManifest } from '../../pipeline/manifest/validate-manifest.ts';
import { expandManifestPages } from '../../schemas/expand-manifest-pages.ts';
import { hasSharedData, sharedDir } from '../helpers/test-prerequisites.ts';

const corporaDir = path.join(sharedDir, 'corpora');
const available = hasSharedData('corpora', 'builds of the real corpora');

/** Page references of a docs.json counted independently of the pipeline: page paths and group roots, and operation references. */
function countNavigationReferences(site: string): { pages: number; operations: number } {
  const config = JSON.parse(readFileSync(path.join(corporaDir, site, 'docs.json'), 'utf8')) as { navigation: unknown };
  const pages = new Set<string>();
  const operations = new Set<string>();
  const visit = (node: unknown, key?: string): void => {
    if (Array.isArray(node)) {
      for (const child of node) {
        if (typeof child === 'string' && key === 'pages') {
          if (/^(\S+\s+)?(get|post|put|patch|delete|webhook)\s/i.test(child.trim())) operations.add(child.trim());
          else
            pages.add(
              child
                .trim()
                .replace(/^\.?\/+/, '')
                .replace(/\.mdx?$/, ''),
            );
        } else visit(child, key);
      }
    } else if (node && typeof node === 'object') {
      for (const [childKey, value] of Object.entries(node)) {
        if (childKey === 'global') continue;
        if (childKey === 'root' && typeof value === 'string') pages.add(value.replace(/^\/+/, ''));
        visit(value, childKey);
      }
    }
  };
  visit(config.navigation);
  return { pages: pages.size, operations: operations.size };
}

/**
 * Pinned figures of each corpus: manifest pages = navigation page references + generated endpoint pages (the summary counts MDX pages naming an operation as endpoint pages too), and the
 * warnings by rule, each checked by hand as a true problem of the site (the corpora ship without their images,
 * hence the `missing-image` warnings). A link to a folder of pages (`/specification/draft/client`) is no broken link:
 * the platform sends it to the folder's first page.
 */
const EXPECTED = {
  x402: { pages: 20, endpointPages: 0, warnings: { 'broken-link': 4, 'unknown-key': 1 } },
  ollama: {
    pages: 66,
    endpointPages: 12,
    warnings: { 'missing-image': 37, 'redirect-shadows-page': 1 },
  },
  mem0: { pages: 231, endpointPages: 38, warnings: { 'broken-anchor': 2, 'missing-image': 15 } },
  trigger: {
    pages: 314,
    endpointPages: 62,
    warnings: {
      'broken-anchor': 18,
      'duplicate-page': 1,
      'missing-image': 114,
      'redirect-dangling': 1,
      'redirect-shadows-page': 1,
    },
  },
  mcp: { pages: 342, endpointPages: 0, warnings: { 'broken-anchor': 8, 'missing-image': 269, 'redirect-chain': 9 } },
  hoppscotch: {
    pages: 100,
    endpointPages: 0,
    warnings: { 'broken-anchor': 3, 'missing-image': 29, 'redirect-dangling': 1 },
  },
} as const;

/** Diagnostics counted by rule id, rules in alphabetical order. */
function countByRule(diagnostics: readonly { ruleId: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const diagnostic of [...diagnostics].sort((a, b) => a.ruleId.localeCompare(b.ruleId)))
    counts[diagnostic.ruleId] = (counts[diagnostic.ruleId] ?? 0) + 1;
  return counts;
}

describe.skipIf(!available).each(Object.entries(EXPECTED))('real corpus %s', (site, expected) => {
  it(
    'builds with zero errors, a schema-valid manifest and one page per navigation reference',
    { timeout: 120_000 },
    async () => {
      const result = await buildSite(await readSiteSource(path.join(corporaDir, site)), { domain: site });
      expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
      expect(validateManifest(result.manifest)).toEqual([]);
      const references = countNavigationReferences(site);
      const generated = result.manifest
        ? expandManifestPages(result.manifest).filter((page) => page.kind === 'openapi').length
        : 0;
      expect(result.stats.pages).toBe(references.pages + generated);
      expect(generated).toBe(references.operations);
      expect({
        pages: result.stats.pages,
        endpointPages: result.stats.endpointPages,
        warnings: countByRule(result.diagnostics),
      }).toEqual(expected);
    },
  );
});

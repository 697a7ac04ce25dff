import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { parsePage } from '../../pipeline/content/parse-page.ts';
import { loadSite } from '../../pipeline/site/load-site.ts';
import { hasSharedData, sharedDir } from '../helpers/test-prerequisites.ts';

const CORPORA = ['x402', 'ollama', 'mem0', 'trigger', 'mcp'];
/** Rules that mean a page or one of its snippets could not be read. */
const BROKEN_RULES = new Set(['mdx-parse', 'markdown-parse', 'frontmatter-parse', 'missing-snippet', 'snippet-cycle']);

const available = hasSharedData('corpora', 'parsePage on every page of the real corpora');

describe.skipIf(!available)('parsePage on every page of the real corpora', () => {
  for (const corpus of CORPORA) {
    it(`parses every page of ${corpus} without errors and resolves every snippet`, { timeout: 120_000 }, async () => {
      const source = await readSiteSource(path.join(sharedDir, 'corpora', corpus));
      const site = loadSite(source);
      expect(site.pageFiles.length).toBeGreaterThan(10);
      const problems: string[] = [];
      let sections = 0;
      for (const file of site.pageFiles) {
        const page = parsePage({
          file,
          text: source.files.get(file) ?? '',
          readSnippet: (sitePath) => source.files.get(sitePath),
        });
        sections += page.sections.length;
        for (const diagnostic of page.diagnostics) {
          if (diagnostic.severity === 'error' || BROKEN_RULES.has(diagnostic.ruleId)) {
            problems.push(
              `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.ruleId} ${diagnostic.message}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
      expect(sections).toBeGreaterThan(site.pageFiles.length);
    });
  }
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite, type BuildResult } from '../../pipeline/assemble/build-site.ts';
import { validateManifest } from '../../pipeline/manifest/validate-manifest.ts';
import { expandManifestPages } from '../../schemas/expand-manifest-pages.ts';
import type { ManifestPage } from '../../schemas/manifest.ts';

/** What a conformance fixture (`test/fixtures/conformance/<case>/expected.json`) says its build must give. */
interface Expected {
  description: string;
  /** Options for reading the fixture folder (e.g. a small `maxFileBytes`). */
  readOptions?: { maxFileBytes?: number };
  /** Every diagnostic, as `file:line severity ruleId`, in report order. */
  diagnostics: string[];
  /** Texts that some diagnostic message or hint contains. */
  messages?: string[];
  /** Pages that must exist, matched by `path` (or, for endpoint pages, by title) against these properties. */
  pages?: Partial<ManifestPage>[];
  absentPages?: string[];
  /** Source files that must not be pages. */
  absentFiles?: string[];
  /** Pages with no `operation` (hand-written or unresolved endpoints). */
  pagesWithoutOperation?: string[];
  /** Route → lines its search sections must contain. */
  sectionTexts?: Record<string, string[]>;
  site?: Record<string, unknown>;
  searchDefaults?: Record<string, unknown>;
}

const fixturesDir = path.resolve(import.meta.dirname, '../fixtures/conformance');
const cases = readdirSync(fixturesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

async function buildFixture(name: string): Promise<{ expected: Expected; result: BuildResult }> {
  const expected = JSON.parse(readFileSync(path.join(fixturesDir, name, 'expected.json'), 'utf8')) as Expected;
  const source = await readSiteSource(path.join(fixturesDir, name), expected.readOptions);
  const files = new Map(source.files);
  files.delete('expected.json');
  return { expected, result: await buildSite({ ...source, files }, { domain: name }) };
}

describe.each(cases)('conformance site %s', (name) => {
  it('builds with the expected diagnostics and manifest facts', async () => {
    const { expected, result } = await buildFixture(name);
    expect(
      result.diagnostics.map(
        (diagnostic) => `${diagnostic.file}:${diagnostic.line} ${diagnostic.severity} ${diagnostic.ruleId}`,
      ),
    ).toEqual(expected.diagnostics);
    const texts = result.diagnostics.map((diagnostic) => `${diagnostic.message} ${diagnostic.hint ?? ''}`).join('\n');
    for (const message of expected.messages ?? []) expect(texts).toContain(message);
    expect(texts).not.toMatch(/\n\s+at .+:\d+:\d+/);

    expect(validateManifest(result.manifest)).toEqual([]);
    const pages = result.manifest ? expandManifestPages(result.manifest) : [];
    for (const wanted of expected.pages ?? []) {
      const page = pages.find((candidate) =>
        wanted.path
          ? candidate.path === wanted.path
          : candidate.kind === wanted.kind && candidate.title === wanted.title,
      );
      expect(page, `page ${wanted.path ?? wanted.title}`).toMatchObject(wanted);
    }
    for (const route of expected.absentPages ?? []) expect(pages.map((page) => page.path)).not.toContain(route);
    for (const file of expected.absentFiles ?? []) expect(pages.map((page) => page.file)).not.toContain(file);
    for (const route of expected.pagesWithoutOperation ?? [])
      expect(pages.find((page) => page.path === route)?.operation).toBeUndefined();
    for (const [route, lines] of Object.entries(expected.sectionTexts ?? {})) {
      const text = result.sectionRecords
        .filter((record) => record.path === route)
        .map((record) => record.text)
        .join('\n')
        .split('\n');
      expect(text, `sections of ${route}`).toEqual(expect.arrayContaining(lines));
    }
    if (expected.site) expect(result.manifest?.site).toMatchObject(expected.site);
    if (expected.searchDefaults) expect(result.searchArtifact).toMatchObject({ defaults: expected.searchDefaults });
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { resolveNavigation } from '../../pipeline/navigation/resolve-navigation.ts';
import { loadOpenApiSpecs } from '../../pipeline/openapi/load-openapi-specs.ts';
import { resolveOperationReference } from '../../pipeline/openapi/resolve-operation-reference.ts';
import { findPageFile, loadSite } from '../../pipeline/site/load-site.ts';
import { hasSharedData, sharedDir } from '../helpers/test-prerequisites.ts';
import { collectSpecReferences } from '../../pipeline/site-model/collect-spec-references.ts';
import type { DocsConfig } from '../../schemas/docs-config.ts';
import { renderEndpointPage } from '../../pipeline/endpoints/render-endpoint-pages.ts';

const corporaDir = path.join(sharedDir, 'corpora');
const available = hasSharedData('corpora', 'navigation of the real corpora');

/**
 * Pinned figures per corpus, checked against the docs.json by hand: page entries = page paths + group roots +
 * operation references (each occurrence); repeats = routes referenced again (mcp lists `examples` in each of its
 * 6 versions, so repeats without a warning); frontmatter = pages whose `openapi`/`api` frontmatter names an operation.
 */
const EXPECTED = {
  x402: { entries: 20, endpointPages: 0, repeats: 0, duplicateWarnings: 0, frontmatterOperations: 0, specs: [] },
  ollama: {
    entries: 66,
    endpointPages: 12,
    repeats: 0,
    duplicateWarnings: 0,
    frontmatterOperations: 0,
    specs: ['openapi.yaml'],
  },
  mem0: {
    entries: 233,
    endpointPages: 0,
    repeats: 2,
    duplicateWarnings: 0,
    frontmatterOperations: 38,
    specs: ['openapi.json'],
  },
  trigger: {
    entries: 315,
    endpointPages: 0,
    repeats: 1,
    duplicateWarnings: 1,
    frontmatterOperations: 62,
    specs: ['openapi.yml', 'v3-openapi.yaml'],
  },
  mcp: { entries: 347, endpointPages: 0, repeats: 5, duplicateWarnings: 0, frontmatterOperations: 0, specs: [] },
} as const;

/** The `openapi` (or legacy `api`) operation reference of a page's frontmatter, if any. */
function frontmatterReference(text: string): string | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  if (!block) return undefined;
  let frontmatter: unknown;
  try {
    frontmatter = parseYaml(block);
  } catch {
    return undefined;
  }
  const record = (frontmatter ?? {}) as { openapi?: unknown; api?: unknown };
  const reference =
    typeof record.openapi === 'string' ? record.openapi : typeof record.api === 'string' ? record.api : undefined;
  return reference && /^(\S+\s+)?(get|put|post|delete|patch|options|head|trace|webhook)\s+\S+$/i.test(reference.trim())
    ? reference
    : undefined;
}

describe.skipIf(!available).each(Object.entries(EXPECTED))('real corpus %s', (site, expected) => {
  it('resolves its navigation and every operation reference with zero errors', { timeout: 60_000 }, async () => {
    const source = await readSiteSource(path.join(corporaDir, site));
    const files = loadSite(source);
    const config = JSON.parse(source.files.get('docs.json') ?? '{}') as DocsConfig;
    const { specs, diagnostics: specDiagnostics } = await loadOpenApiSpecs({
      specReferences: collectSpecReferences(config),
      source,
      specFiles: files.specFiles,
    });
    const pageFiles = new Set(files.pageFiles);
    const navigation = resolveNavigation(config, {
      pageFileFor: (route) => findPageFile(pageFiles, route),
      specs,
      locate: () => ({ file: 'docs.json', line: 0, column: 0 }),
    });
    const errors = [...specDiagnostics, ...navigation.diagnostics].filter(
      (diagnostic) => diagnostic.severity === 'error',
    );
    expect(errors).toEqual([]);
    expect([...specs.keys()]).toEqual(expected.specs);

    const endpoints = navigation.entries.filter((entry) => entry.endpoint);
    expect({
      entries: navigation.entries.length,
      endpointPages: endpoints.length,
      repeats: navigation.entries.filter((entry) => entry.duplicateOf).length,
      duplicateWarnings: navigation.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'duplicate-page').length,
    }).toEqual({
      entries: expected.entries,
      endpointPages: expected.endpointPages,
      repeats: expected.repeats,
      duplicateWarnings: expected.duplicateWarnings,
    });
    expect(navigation.entries.every((entry) => entry.file !== undefined || entry.endpoint !== undefined)).toBe(true);

    const references = files.pageFiles.flatMap((file) => frontmatterReference(source.files.get(file) ?? '') ?? []);
    const unresolved = references.filter((reference) => !resolveOperationReference(specs, reference).ok);
    expect(unresolved).toEqual([]);
    expect(references).toHaveLength(expected.frontmatterOperations);
  });
});

describe.skipIf(!available)('corpus specifics', () => {
  it("ollama: an `openapi` tab with `METHOD /path` entries (routed by the spec's x-mint href) and page paths with a leading slash", async () => {
    const source = await readSiteSource(path.join(corporaDir, 'ollama'));
    const config = JSON.parse(source.files.get('docs.json') ?? '{}') as DocsConfig;
    const { specs } = await loadOpenApiSpecs({ specReferences: collectSpecReferences(config), source });
    const pageFiles = new Set(loadSite(source).pageFiles);
    const navigation = resolveNavigation(config, {
      pageFileFor: (route) => findPageFile(pageFiles, route),
      specs,
      locate: () => ({ file: 'docs.json', line: 0, column: 0 }),
    });
    const generate = navigation.entries.find((entry) => entry.operation?.path === '/api/generate');
    expect(generate).toMatchObject({
      route: 'api/generate',
      operation: { specFile: 'openapi.yaml', method: 'POST' },
      context: { tab: 'API Reference', groups: ['Endpoints'] },
    });
    expect(
      (generate?.endpoint && renderEndpointPage(generate.endpoint))?.sections.map(
        (section) => section.headingPath[0] ?? '',
      ),
    ).toEqual(['', 'Request body', 'Code samples', 'Responses']);
    expect(navigation.entries.find((entry) => entry.route === 'api/introduction')?.file).toBe('api/introduction.mdx');
  });
});

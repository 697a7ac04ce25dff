import type { Manifest, ManifestPage } from '../../schemas/manifest.ts';
import type { SearchArtifact } from '../../runtime/search/search-artifact.ts';
import type { PrepareTerms } from '../../runtime/search/build-search-model.ts';
import type { PageContext, SectionRecord } from '../../runtime/search/section-record.ts';
import { validateConfig } from '../config/validate-config.ts';
import type { PageSection, ParsedPage } from '../content/parsed-page.ts';
import { parsePage } from '../content/parse-page.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { sortDiagnostics } from '../diagnostics/sort-diagnostics.ts';
import { buildSearchArtifact } from '../index/build-search-artifact.ts';
import { buildManifest, serializeManifest } from '../manifest/build-manifest.ts';
import { checkRedirects } from '../navigation/check-redirects.ts';
import { resolveNavigation } from '../navigation/resolve-navigation.ts';
import { loadOpenApiSpecs } from '../openapi/load-openapi-specs.ts';
import { findPageFile, loadSite, pagePathForFile } from '../site/load-site.ts';
import type { SiteSource } from '../site/site-source.ts';
import { checkLinks } from './check-links.ts';
import { collectReferencedSpecFiles } from './collect-referenced-spec-files.ts';
import { collectAnchors } from './collect-anchors.ts';
import { preferDefaultContext } from './prefer-default-context.ts';
import { reportUnreadableFiles } from './report-unreadable-files.ts';
import { selectPageFiles } from './select-page-files.ts';
import { resolveFrontmatterOperations } from './resolve-frontmatter-operations.ts';

/** One page file to parse, as handed to a `parsePages` implementation. */
export interface PageParseInput {
  file: string;
  text: string;
}

/** Options of `buildSite`. */
export interface BuildSiteOptions {
  /** Domain the artifacts are served under (`acme` for `acme.example.com`). */
  domain: string;
  /** Public base URL used for source links; unset keeps links root-relative. */
  siteUrl?: string;
  /** Fetch remote OpenAPI specs (default false: a warning instead). */
  allowNetwork?: boolean;
  /** Generator string written into the manifest (default `docsmith`). */
  generator?: string;
  /**
   * Parses many page files; the default parses them one by one on this thread. The CLI passes a
   * worker-thread pool with a content-hash cache; the result must equal what `parsePage` returns.
   */
  parsePages?: (pages: PageParseInput[], readSnippet: (file: string) => string | undefined) => Promise<ParsedPage[]>;
  /** Called as pages are parsed, for a progress bar (default: nothing). */
  onProgress?: (done: number, total: number) => void;
  /** Prepares section texts for the search index (default runtime/search's `prepareTerms`); the CLI passes a cached one. */
  prepareTerms?: PrepareTerms;
  /** Run every check and report its diagnostics, but assemble no manifest and no search artifact (`docsmith validate`; default false). */
  checkOnly?: boolean;
}

/** Everything a build produces: the manifest, the search artifact, the files to write and every diagnostic. */
export interface BuildResult {
  /** Undefined when the configuration has errors, and always with `checkOnly`. */
  manifest: Manifest | undefined;
  searchArtifact: SearchArtifact | undefined;
  sectionRecords: SectionRecord[];
  /** File name → text, ready to be written into the build directory. */
  files: Map<string, string>;
  diagnostics: Diagnostic[];
  stats: { pages: number; endpointPages: number; errors: number; warnings: number };
}

/**
 * Builds a whole site from its files in memory: validates docs.json, parses every page, resolves the
 * navigation and OpenAPI endpoint pages, checks redirects and links, then assembles the manifest and the
 * search artifact. Pure apart from optional network fetches of remote specs (off by default).
 */
export async function buildSite(source: SiteSource, options: BuildSiteOptions): Promise<BuildResult> {
  const site = loadSite(source);
  const validation = validateConfig(source);
  const diagnostics: Diagnostic[] = [...validation.diagnostics];
  const config = validation.config;
  if (!config || !validation.valid) {
    return emptyResult(diagnostics);
  }

  const readSnippet = (file: string): string | undefined => source.files.get(file);
  const navigationReferences = config.navigationReferences;
  const { inputFiles, namedPageFiles } = selectPageFiles(site, navigationReferences.routes);
  const inputs = inputFiles.map((file) => ({ file, text: source.files.get(file) ?? '' }));
  const parsePages = options.parsePages ?? (async (pages: PageParseInput[]) => parseSequentially(pages, readSnippet, options.onProgress));
  const parsedList = await parsePages(inputs, readSnippet);
  const importedFiles = new Set(parsedList.flatMap((page) => page.imports));
  const parsedByFile = new Map(parsedList.filter((page) => !importedFiles.has(page.file) || namedPageFiles.has(page.file)).map((page) => [page.file, page]));
  for (const page of parsedByFile.values()) diagnostics.push(...page.diagnostics);

  const specExists = (file: string): boolean => source.files.has(file) || source.skippedFiles?.has(file) === true;
  const referencedSpecFiles = collectReferencedSpecFiles(navigationReferences.specNames, parsedByFile.values(), specExists);
  const { specs, diagnostics: specDiagnostics } = await loadOpenApiSpecs({ specReferences: config.specReferences, source, specFiles: site.specFiles, referencedSpecFiles, allowNetwork: options.allowNetwork ?? false, locate: validation.locate });
  diagnostics.push(...specDiagnostics);
  const namedSpecFiles = new Set([...config.specReferences.map((reference) => reference.file), ...referencedSpecFiles]);
  diagnostics.push(...reportUnreadableFiles(site.unreadableFiles, { pages: namedPageFiles, specs: namedSpecFiles }));

  const pageFiles = [...parsedByFile.keys()];
  const pageFileSet = new Set(pageFiles);
  const unreadablePageFiles = new Set(site.unreadableFiles.keys());
  const navigation = resolveNavigation(config, {
    pageFileFor: (route) => findPageFile(pageFileSet, route),
    specs,
    locate: validation.locate,
    isUnreadable: (route) => findPageFile(unreadablePageFiles, route) !== undefined,
    pageRoutes: [...site.pageFiles, ...site.namedOnlyPageFiles].map(pagePathForFile),
  });
  diagnostics.push(...navigation.diagnostics);

  const operations = resolveFrontmatterOperations(parsedByFile.values(), specs);
  diagnostics.push(...operations.diagnostics);

  const indexing = config.indexing;
  const pages: ManifestPage[] = [];
  const sectionRecords: SectionRecord[] = [];
  const seenRoutes = new Set<string>();

  const addContentPage = (page: ParsedPage, route: string, context: PageContext, inNavigation: boolean, navigationHidden: boolean): void => {
    if (seenRoutes.has(route)) return;
    seenRoutes.add(route);
    const frontmatter = page.frontmatter;
    const hidden = navigationHidden || frontmatter.hidden === true;
    const searchable = frontmatter.searchable !== false;
    const indexed = !hidden && searchable && (inNavigation || indexing === 'all');
    const operation = operations.byFile.get(page.file);
    const sections = operation ? [...page.sections, ...operation.sections] : page.sections;
    pages.push({
      path: route,
      title: page.title,
      ...(page.description === undefined ? {} : { description: page.description }),
      file: page.file,
      kind: page.kind,
      contentHash: page.contentHash,
      context,
      inNavigation,
      hidden,
      noindex: frontmatter.noindex === true,
      searchable,
      indexed,
      headings: page.headings.map(({ depth, text, anchor }) => ({ depth, text, anchor })),
      ...(operation?.operation ? { operation: operation.operation } : {}),
      ...(operation?.api ? { api: operation.api } : {}),
    });
    if (indexed) sectionRecords.push(...toSectionRecords(route, page.title, page.description, sections, context));
  };

  let endpointPages = 0;
  const defaults = config.defaults;
  const contextEntries = preferDefaultContext(navigation.entries, defaults);
  for (const entry of navigation.entries) {
    if (contextEntries.get(entry.route) !== entry) continue;
    if (entry.endpoint) {
      const endpoint = entry.endpoint;
      if (seenRoutes.has(endpoint.route)) continue;
      seenRoutes.add(endpoint.route);
      endpointPages += 1;
      const hidden = entry.hidden || endpoint.hidden;
      pages.push({
        path: endpoint.route,
        title: endpoint.title,
        ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
        kind: 'openapi',
        contentHash: endpoint.contentHash,
        context: entry.context,
        inNavigation: true,
        hidden,
        noindex: false,
        searchable: true,
        indexed: !hidden,
        headings: endpoint.headings.map(({ depth, text, anchor }) => ({ depth, text, anchor })),
        operation: endpoint.operation,
      });
      if (!hidden) sectionRecords.push(...toSectionRecords(endpoint.route, endpoint.title, undefined, endpoint.sections, entry.context));
      continue;
    }
    const page = entry.file ? parsedByFile.get(entry.file) : undefined;
    if (page) addContentPage(page, entry.route, entry.context, true, entry.hidden);
  }
  if (indexing === 'all') {
    for (const page of parsedByFile.values()) addContentPage(page, pagePathForFile(page.file), { groups: [] }, false, false);
  }

  const redirects = [...config.redirects];
  const allRoutes = new Set([...pageFiles.map(pagePathForFile), ...seenRoutes].flatMap(withIndexAlias));
  diagnostics.push(...checkRedirects(redirects, { routes: allRoutes, locate: validation.locate }));
  diagnostics.push(
    ...checkLinks(parsedByFile.values(), {
      routes: allRoutes,
      redirects,
      anchors: collectAnchors(parsedByFile.values(), navigation.entries, readSnippet),
      ...(source.assetFiles ? { files: new Set([...source.files.keys(), ...source.assetFiles]) } : {}),
    }),
  );
  if (options.checkOnly) return checkOnlyResult(diagnostics, pages.length, endpointPages);

  const searchArtifact = buildSearchArtifact(sectionRecords, defaults, options.prepareTerms);
  const searchArtifactText = JSON.stringify(searchArtifact);
  const sortedDiagnostics = sortDiagnostics(diagnostics);
  const manifest = buildManifest({
    domain: options.domain,
    generator: options.generator ?? 'docsmith',
    config: config.document,
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
    ...defaults,
    navigation: navigation.tree,
    pages,
    redirects,
    searchArtifactText,
    searchSections: sectionRecords.length,
    diagnostics: sortedDiagnostics,
  });
  const files = new Map([
    ['manifest.json', serializeManifest(manifest)],
    ['search.json', searchArtifactText],
  ]);
  return {
    manifest,
    searchArtifact,
    sectionRecords,
    files,
    diagnostics: sortedDiagnostics,
    stats: {
      pages: pages.length,
      endpointPages,
      errors: manifest.diagnostics.errors,
      warnings: manifest.diagnostics.warnings,
    },
  };
}

/** One search record per section; the page description leads the text of the section before the first heading, and is that section's `description`. */
function toSectionRecords(route: string, title: string, description: string | undefined, sections: PageSection[], context: PageContext): SectionRecord[] {
  const records = sections.map((section): SectionRecord => ({ path: route, anchor: section.anchor, headingPath: section.headingPath, title, text: section.text, context }));
  if (description && description.trim()) {
    const intro = records.find((record) => record.anchor === '');
    if (intro) Object.assign(intro, { text: intro.text ? `${description.trim()}\n${intro.text}` : description.trim(), description: description.trim() });
    else records.unshift({ path: route, anchor: '', headingPath: [], title, text: description.trim(), description: description.trim(), context });
  }
  return records;
}

async function parseSequentially(pages: PageParseInput[], readSnippet: (file: string) => string | undefined, onProgress?: (done: number, total: number) => void): Promise<ParsedPage[]> {
  const parsed: ParsedPage[] = [];
  for (const page of pages) {
    parsed.push(parsePage({ ...page, readSnippet }));
    onProgress?.(parsed.length, pages.length);
  }
  return parsed;
}

/** A route and, for `x/index`, its folder route `x` (both reach the page). */
function withIndexAlias(route: string): string[] {
  return route.endsWith('/index') ? [route, route.slice(0, -'/index'.length)] : [route];
}

function checkOnlyResult(diagnostics: Diagnostic[], pages: number, endpointPages: number): BuildResult {
  const result = emptyResult(diagnostics);
  return { ...result, stats: { ...result.stats, pages, endpointPages } };
}

function emptyResult(diagnostics: Diagnostic[]): BuildResult {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return {
    manifest: undefined,
    searchArtifact: undefined,
    sectionRecords: [],
    files: new Map(),
    diagnostics: sortDiagnostics(diagnostics),
    stats: { pages: 0, endpointPages: 0, errors, warnings: diagnostics.length - errors },
  };
}

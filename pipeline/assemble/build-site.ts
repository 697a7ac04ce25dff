import type { PrepareTerms } from '../../contract/search/build-search-model.ts';
import { validateConfig } from '../config/validate-config.ts';
import { embedSearchArtifact } from '../embeddings/embed-search-artifact.ts';
import type { SectionEmbedder } from '../embeddings/section-embedder.ts';
import { buildSearchArtifact } from './build-search-artifact.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { checkRedirects, redirectsOfSite } from '../navigation/check-redirects.ts';
import { routeFolders } from '../navigation/route-folders.ts';
import { resolveNavigation } from '../navigation/resolve-navigation.ts';
import type { FetchRemoteText } from '../openapi/fetch-remote-text.ts';
import { loadOpenApiSpecs } from '../openapi/load-openapi-specs.ts';
import { loadAsyncApiDocuments } from '../openapi/load-asyncapi-documents.ts';
import { collectAsyncApiReferences } from '../site-model/collect-spec-references.ts';
import { frontmatterAsyncApiFiles } from './frontmatter-asyncapi-files.ts';
import { renderEndpointPages } from '../endpoints/render-endpoint-pages.ts';
import { isPageCandidate, loadSite, pageFileFinder, pagePathForFile } from '../site/load-site.ts';
import { mintIgnoreHintForRoute } from '../site/mint-ignore.ts';
import type { SiteSource } from '../site/site-source.ts';
import { assembleBuildResult, diagnosticsOnlyResult, type BuildResult } from './assemble-build-result.ts';
import { checkLinks } from './check-links.ts';
import { checkPagePaths } from './check-page-paths.ts';
import type { BuildStageCache } from './build-stage-cache.ts';
import { collectAnchors } from './collect-anchors.ts';
import { collectManifestPages } from './collect-manifest-pages.ts';
import { collectReferencedSpecFiles } from './collect-referenced-spec-files.ts';
import { parseSitePages, type ParsePages } from './parse-site-pages.ts';
import { reportUnreadableFiles } from './report-unreadable-files.ts';
import { resolveFrontmatterOperations } from './resolve-frontmatter-operations.ts';
import { selectPageFiles } from './select-page-files.ts';
import { unlistedPageDiagnostics } from './unlisted-page-diagnostics.ts';
import { siteBasePaths } from '../site-model/site-base-paths.ts';
import { CUSTOM_LLMS_FILES } from '../llms/build-llms-files.ts';

export type { BuildResult } from './assemble-build-result.ts';
export type { PageParseInput } from './parse-site-pages.ts';

/** Options of `buildSite`. */
export interface BuildSiteOptions {
  /** Domain the artifacts are served under (`acme` for `acme.example.com`). */
  domain: string;
  /** Public base URL used for source links; unset keeps links root-relative. */
  siteUrl?: string;
  /**
   * Fetches remote OpenAPI specs and the remote documents their `$ref`s name (the CLI passes its bounded fetcher with
   * `--allow-network`). Default: nothing is fetched, and each remote spec or `$ref` is a warning.
   */
  fetchRemote?: FetchRemoteText;
  /** Generator string written into the manifest (default `docsmith`). */
  generator?: string;
  /**
   * Parses many page files; the default parses them one by one on this thread. The CLI passes a
   * worker-thread pool with a content-hash cache; the result must equal what `parsePage` returns.
   */
  parsePages?: ParsePages;
  /** Called as pages are parsed, for a progress bar (default: nothing). */
  onProgress?: (done: number, total: number) => void;
  /** Prepares section texts for the search index (default runtime/search's `prepareTerms`); the CLI passes a cached one. */
  prepareTerms?: PrepareTerms;
  /**
   * Embeds each distinct section for hybrid retrieval (`pipeline/embeddings`); the CLI passes an OpenAI-compatible
   * endpoint client (`--embeddings-url`). Default: none, and the artifact carries no vectors. Its errors reject the build.
   */
  embedder?: SectionEmbedder;
  /** Run every check and report its diagnostics, but assemble no manifest and no search artifact (`docsmith validate`; default false). */
  checkOnly?: boolean;
  /** The `stageCache` of the previous build of this site (`docsmith dev`): per-page results it reuses (default none). */
  previous?: BuildStageCache;
}

/**
 * Builds a whole site from its files in memory, stage by stage: validate docs.json into a `SiteConfig`, parse the
 * pages, load the OpenAPI specs, resolve the navigation, render endpoint pages, resolve frontmatter operations,
 * collect the manifest pages, check redirects and links, embed the sections when an embedder is given, then assemble
 * the manifest and the search artifact.
 * Pure: remote specs are fetched only through the injected `fetchRemote`, sections embedded only by the injected embedder.
 */
export async function buildSite(source: SiteSource, options: BuildSiteOptions): Promise<BuildResult> {
  const site = loadSite(source);
  const validation = validateConfig(source);
  const diagnostics: Diagnostic[] = [...validation.diagnostics];
  const { config, locate } = validation;
  if (!config || !validation.valid) return diagnosticsOnlyResult(diagnostics);
  const readSnippet = (file: string): string | undefined => source.files.get(file);

  const { inputFiles, namedPageFiles } = selectPageFiles(site, config.navigationReferences.routes);
  const inputs = inputFiles.map((file) => ({ file, text: source.files.get(file) ?? '' }));
  const parsedByFile = await parseSitePages(inputs, namedPageFiles, readSnippet, options);

  const specExists = (file: string): boolean => source.files.has(file) || source.skippedFiles?.has(file) === true;
  const referencedSpecFiles = collectReferencedSpecFiles(
    config.navigationReferences.specNames,
    parsedByFile.values(),
    specExists,
  );
  // AsyncAPI documents are loaded by their own loader (`loadAsyncApiDocuments`), not read as OpenAPI specs too.
  const asyncApiReferences = collectAsyncApiReferences(config.navigation);
  const asyncApiFiles = frontmatterAsyncApiFiles(parsedByFile.values(), site.specFiles, source.files);
  const asyncApiFileSet = new Set([...asyncApiReferences.map((reference) => reference.file), ...asyncApiFiles]);
  const specs = await loadOpenApiSpecs({
    specReferences: config.specReferences,
    source,
    specFiles: site.specFiles.filter((file) => !asyncApiFileSet.has(file)),
    referencedSpecFiles,
    ...(options.fetchRemote ? { fetchRemote: options.fetchRemote } : {}),
    locate,
  });
  diagnostics.push(...specs.diagnostics);
  const asyncApis = await loadAsyncApiDocuments({
    references: asyncApiReferences,
    otherFiles: asyncApiFiles,
    source,
    ...(options.fetchRemote ? { fetchRemote: options.fetchRemote } : {}),
    locate,
  });
  diagnostics.push(...asyncApis.diagnostics);
  const namedSpecFiles = new Set([...config.specReferences.map((reference) => reference.file), ...referencedSpecFiles]);
  diagnostics.push(
    ...reportUnreadableFiles(site, {
      pages: namedPageFiles,
      specs: namedSpecFiles,
      routes: config.navigationReferences.routes,
    }),
  );

  const unreadablePageFile = pageFileFinder(site.unreadableFiles.keys());
  const { mintIgnore } = source;
  const outsideFolders = site.outsideLinks.filter((link) => link.folder).map((link) => `${link.path}/`);
  const navigation = resolveNavigation(config, {
    pageFileFor: pageFileFinder(parsedByFile.keys()),
    specs: specs.specs,
    asyncApis: asyncApis.documents,
    locate,
    isUnreadable: (route) =>
      unreadablePageFile(route) !== undefined || outsideFolders.some((folder) => route.startsWith(folder)),
    pageRoutes: [...site.pageFiles, ...site.namedOnlyPageFiles].map(pagePathForFile),
    ...(mintIgnore !== undefined
      ? { excludedByMintIgnore: (route: string) => mintIgnoreHintForRoute(mintIgnore, route) }
      : {}),
  });
  diagnostics.push(...navigation.diagnostics);
  const endpointPages = renderEndpointPages(navigation.entries);
  const operations = resolveFrontmatterOperations(
    parsedByFile.values(),
    specs.specs,
    [...namedSpecFiles].filter((file) => !specs.specs.has(file)),
    asyncApis.documents,
  );
  diagnostics.push(...operations.diagnostics);
  for (const page of parsedByFile.values()) {
    const titledBySpec = operations.byFile.get(page.file)?.title !== undefined;
    const pageDiagnostics = titledBySpec
      ? page.diagnostics.filter((diagnostic) => diagnostic.ruleId !== 'missing-title')
      : page.diagnostics;
    diagnostics.push(...unlistedPageDiagnostics(pageDiagnostics, page.file, namedPageFiles.has(page.file)));
  }

  diagnostics.push(
    ...checkPagePaths([...parsedByFile.keys()].filter((file) => isPageCandidate(file) || namedPageFiles.has(file))),
  );

  const manifestPages = collectManifestPages({
    entries: navigation.entries,
    parsedByFile,
    endpointPages,
    operations: operations.byFile,
    indexing: config.indexing,
    defaults: config.defaults,
  });

  const routes = new Set<string>();
  const addRoute = (route: string): void => {
    routes.add(route);
    if (route.endsWith('/index')) routes.add(route.slice(0, -'/index'.length));
  };
  for (const file of parsedByFile.keys()) addRoute(pagePathForFile(file));
  for (const page of manifestPages.pages) addRoute(page.path);
  const unknownFolders = config.specReferences
    .filter((reference) => !specs.specs.has(reference.file))
    .map((reference) => reference.directory ?? 'api-reference');
  const folders = routeFolders(
    manifestPages.pages.filter((page) => page.inNavigation && !page.hidden).map((page) => page.path),
  );
  const siteFiles = new Set([...source.files.keys(), ...(source.assetFiles ?? [])]);
  diagnostics.push(...checkRedirects(config.redirects, { routes, locate, folders, unknownFolders, files: siteFiles }));
  // A build that judges no anchor collects none, and hands the previous build's on.
  let stageCache: BuildStageCache = options.previous ?? { pageAnchors: new Map() };
  const anchorsOfRoutes = (): ReadonlyMap<string, ReadonlyMap<string, string>> => {
    const collected = collectAnchors(parsedByFile.values(), navigation.entries, readSnippet, stageCache.pageAnchors);
    stageCache = { pageAnchors: collected.byPage };
    return collected.byRoute;
  };
  diagnostics.push(
    ...checkLinks(parsedByFile.values(), {
      routes,
      redirects: redirectsOfSite(config.redirects, routes),
      anchors: anchorsOfRoutes,
      ...(source.assetFiles ? { files: siteFiles } : {}),
      unknownFolders,
      folders,
      basePaths: siteBasePaths(options.siteUrl),
    }),
  );
  if (options.checkOnly)
    return {
      ...diagnosticsOnlyResult(diagnostics, {
        pages: manifestPages.pages.length,
        endpointPages: manifestPages.endpointPages,
      }),
      stageCache,
    };
  const searchArtifact = buildSearchArtifact(manifestPages.sectionRecords, config.defaults, options.prepareTerms);

  const result = assembleBuildResult({
    config,
    domain: options.domain,
    generator: options.generator ?? 'docsmith',
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
    navigation: navigation.tree,
    ...manifestPages,
    diagnostics,
    searchArtifact: options.embedder ? await embedSearchArtifact(searchArtifact, options.embedder) : searchArtifact,
    customLlmsFiles: new Map(
      CUSTOM_LLMS_FILES.flatMap((name) => {
        const text = source.files.get(name);
        return text === undefined ? [] : [[name, text] as const];
      }),
    ),
  });
  return { ...result, stageCache };
}

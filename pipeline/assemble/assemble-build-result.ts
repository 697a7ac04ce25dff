import type { Manifest, ManifestNavigationNode, ManifestPage } from '../../schemas/manifest.ts';
import type { SearchArtifact } from '../../contract/search/search-artifact.ts';
import { serializeSearchArtifact } from '../../contract/search/search-artifact-text.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';
import type { PageSection } from '../content/parsed-page.ts';
import type { SiteConfig } from '../site-model/site-config.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { BuildStageCache } from './build-stage-cache.ts';
import { sortDiagnostics } from '../diagnostics/sort-diagnostics.ts';
import { buildLlmsFiles } from '../llms/build-llms-files.ts';
import { buildManifestFile } from '../manifest/build-manifest.ts';

/** Everything a build produces: the manifest, the search artifact, the files to write and every diagnostic. */
export interface BuildResult {
  /** Undefined when the configuration has errors, and always with `checkOnly`. */
  manifest: Manifest | undefined;
  searchArtifact: SearchArtifact | undefined;
  sectionRecords: SectionRecord[];
  /** File name → text, ready to be written into the build directory. */
  files: Map<string, string>;
  diagnostics: Diagnostic[];
  /** True when the configuration has errors and the build stopped there: no page, spec or link was checked. */
  stoppedAtConfig: boolean;
  stats: { pages: number; endpointPages: number; errors: number; warnings: number };
  /** Per-page results for the next build of the site to reuse (`BuildSiteOptions.previous`); undefined when the build stopped at the configuration. */
  stageCache?: BuildStageCache;
}

/** What the artifacts are assembled from. */
export interface AssembleInput {
  config: SiteConfig;
  domain: string;
  generator: string;
  siteUrl?: string;
  navigation: ManifestNavigationNode[];
  pages: ManifestPage[];
  sectionRecords: SectionRecord[];
  /** The sections of each indexed page by route, which its page Markdown is written from. */
  pageSections: ReadonlyMap<string, readonly PageSection[]>;
  endpointPages: number;
  diagnostics: Diagnostic[];
  /** The search artifact built from `sectionRecords` (with section vectors when the site was embedded). */
  searchArtifact: SearchArtifact;
  /** The site's own `llms.txt` and `llms-full.txt` by name (default none): they replace the generated files. */
  customLlmsFiles?: ReadonlyMap<string, string>;
}

/** Serializes the search artifact, builds the manifest that names it, and the files a build writes (with llms.txt, llms-full.txt and a Markdown file per page). */
export function assembleBuildResult(input: AssembleInput): BuildResult {
  const { config, sectionRecords, searchArtifact } = input;
  const searchArtifactText = serializeSearchArtifact(searchArtifact);
  const sortedDiagnostics = sortDiagnostics(input.diagnostics);
  const agentFiles = buildLlmsFiles({
    siteName: String(config.document.name ?? '').trim(),
    ...(typeof config.document.description === 'string' ? { description: config.document.description } : {}),
    siteUrl: input.siteUrl?.replace(/\/+$/, '') ?? '',
    pages: input.pages,
    pageSections: input.pageSections,
    ...(input.customLlmsFiles ? { customFiles: input.customLlmsFiles } : {}),
  });
  const { manifest, text: manifestText } = buildManifestFile({
    domain: input.domain,
    generator: input.generator,
    config: config.document,
    ...(input.siteUrl ? { siteUrl: input.siteUrl } : {}),
    ...config.defaults,
    navigation: input.navigation,
    pages: input.pages,
    redirects: [...config.redirects],
    searchArtifactText,
    searchSections: searchArtifact.sections.length,
    agentFiles,
    diagnostics: sortedDiagnostics,
  });
  const files = new Map([['manifest.json', manifestText], ['search.json', searchArtifactText], ...agentFiles]);
  return {
    manifest,
    searchArtifact,
    sectionRecords,
    files,
    diagnostics: sortedDiagnostics,
    stoppedAtConfig: false,
    stats: {
      pages: input.pages.length,
      endpointPages: input.endpointPages,
      errors: manifest.diagnostics.errors,
      warnings: manifest.diagnostics.warnings,
    },
  };
}

/**
 * The result of a build that assembles nothing: its diagnostics, and the page counts of `checked` when it checked the
 * whole site (`checkOnly`); without `checked` it stopped at configuration errors.
 */
export function diagnosticsOnlyResult(
  diagnostics: Diagnostic[],
  checked?: { pages: number; endpointPages: number },
): BuildResult {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return {
    manifest: undefined,
    searchArtifact: undefined,
    sectionRecords: [],
    files: new Map(),
    diagnostics: sortDiagnostics(diagnostics),
    stoppedAtConfig: checked === undefined,
    stats: {
      pages: checked?.pages ?? 0,
      endpointPages: checked?.endpointPages ?? 0,
      errors,
      warnings: diagnostics.length - errors,
    },
  };
}

import path from 'node:path';
import { buildSite, type BuildResult } from '../../pipeline/assemble/build-site.ts';
import { createPageParser } from '../../pipeline/assemble/create-page-parser.ts';
import type { BuildStageCache } from '../../pipeline/assemble/build-stage-cache.ts';
import type { PageCache } from '../../pipeline/assemble/page-cache.ts';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import type { Diagnostic } from '../../pipeline/diagnostics/diagnostic.ts';
import { diagnosticsChange, type DiagnosticsChange } from '../../pipeline/diagnostics/diagnostics-change.ts';
import type { SiteSource } from '../../pipeline/site/site-source.ts';
import { buildDirectory, publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import { GENERATOR } from '../generator.ts';

/** One build of `docsmith dev`: what it found and what is served now. */
export interface DevBuild {
  /** `published`: the new build is served; `unchanged`: the same content as the build served; `failed`: it has errors, the last good build (if any) stays. */
  status: 'published' | 'unchanged' | 'failed';
  /** The build served after this one: the new one, else the last good one (undefined before any succeeded). */
  servedBuildId: string | undefined;
  stats: BuildResult['stats'];
  diagnostics: Diagnostic[];
  /** Diagnostics added and cleared since the build before. */
  change: DiagnosticsChange;
  /** Page files parsed by this build; the others came from the page cache. */
  parsedPages: number;
  milliseconds: number;
}

/** Options of `createDevSiteBuilder`. */
export interface DevSiteBuilderOptions {
  /** The site, kept up to date by the watcher. */
  source: SiteSource;
  domain: string;
  /** The artifacts folder the dev server serves (a temporary folder, never inside the site). */
  artifactsDir: string;
  /** Parsed pages and prepared search terms by content hash, kept across builds. */
  cache: PageCache;
  /** Loads a published build into the server before the build is reported, so the first question after a save does not wait for it. */
  warm: (domain: string) => Promise<void>;
}

/** Rebuilds a site in memory on demand and publishes each build without errors; see `build`. */
export interface DevSiteBuilder {
  /** Builds the site as it is now, publishes the result when it has no error (warnings are fine) and loads it into the server. */
  build(): Promise<DevBuild>;
}

/** Builds kept in the dev artifacts folder: the served one and the one before, for requests still holding it. */
const KEPT_BUILDS = 2;

/**
 * The build loop of `docsmith dev`: every build runs the whole pipeline (`buildSite`), but pages come from the cache
 * unless their text or a snippet they inline changed, so a save re-parses one page.
 */
export function createDevSiteBuilder(options: DevSiteBuilderOptions): DevSiteBuilder {
  const domainDir = path.join(options.artifactsDir, options.domain);
  let previous: Diagnostic[] = [];
  /** The diagnostics of `previous` the configuration check reports; the others come from later stages. */
  const fromConfigCheck = new WeakSet<Diagnostic>();
  /** The build served now, whose unchanged files the next build links to. */
  let served: { buildId: string; files: ReadonlyMap<string, string> } | undefined;
  let first = true;
  /** Per-page results of the last build that got past the configuration, which the next one reuses where their inputs did not change. */
  let stageCache: BuildStageCache | undefined;
  return {
    async build() {
      const started = performance.now();
      options.cache.nextBuild();
      // The first build parses the whole site (in worker threads where `docsmith build` would); later ones a few pages, on this thread.
      const parse = createPageParser({
        files: options.source.files,
        cache: options.cache,
        ...(first ? {} : { threads: 1 }),
      });
      let parsedPages = 0;
      const result = await buildSite(options.source, {
        domain: options.domain,
        generator: GENERATOR,
        prepareTerms: options.cache.prepareTerms,
        ...(stageCache ? { previous: stageCache } : {}),
        parsePages: async (pages, readSnippet) => {
          const hitsBefore = options.cache.hits;
          const parsed = await parse(pages, readSnippet);
          parsedPages = pages.length - (options.cache.hits - hitsBefore);
          return parsed;
        },
      });
      first = false;
      stageCache = result.stageCache ?? stageCache;
      // A build stopped by configuration errors re-checked the configuration alone: the pages' diagnostics still stand,
      // and so do those of docs.json that later stages report (a redirect that shadows a page, a page not found).
      const held = result.stoppedAtConfig ? previous.filter((diagnostic) => !fromConfigCheck.has(diagnostic)) : [];
      const change = diagnosticsChange(
        held.length > 0 ? previous.filter((diagnostic) => fromConfigCheck.has(diagnostic)) : previous,
        result.diagnostics,
      );
      change.standing.push(...held);
      previous = [...result.diagnostics, ...change.standing];
      const configKeys = new Set(
        (result.stoppedAtConfig ? result.diagnostics : validateConfig(options.source).diagnostics).map(diagnosticKey),
      );
      for (const diagnostic of result.diagnostics)
        if (configKeys.has(diagnosticKey(diagnostic))) fromConfigCheck.add(diagnostic);
      let status: DevBuild['status'] = 'failed';
      if (result.manifest && result.stats.errors === 0) {
        const { buildId } = result.manifest;
        await writeBuildDirectory(
          domainDir,
          buildId,
          result.files,
          served ? { linkFrom: { directory: buildDirectory(domainDir, served.buildId), files: served.files } } : {},
        );
        served = { buildId, files: result.files };
        status = (await publishBuild(domainDir, buildId, { keep: KEPT_BUILDS, pruneGraceMs: 0 }))
          ? 'published'
          : 'unchanged';
        await options.warm(options.domain);
      }
      return {
        status,
        servedBuildId: served?.buildId,
        stats: result.stats,
        diagnostics: result.diagnostics,
        change,
        parsedPages,
        milliseconds: performance.now() - started,
      };
    },
  };
}

/** A diagnostic's file, position, rule and message: the same problem reported by two runs of one check. */
function diagnosticKey(diagnostic: Diagnostic): string {
  return [diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.ruleId, diagnostic.message].join('\u0000');
}

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { PARSED_PAGE_FORMAT } from '../../pipeline/content/parsed-page.ts';
import { formatDiagnostics } from '../../pipeline/diagnostics/format-diagnostics.ts';
import { buildDirectory, publishBuild, writeBuildDirectory } from '../../contract/artifact-layout.ts';
import { PREPARED_TERMS_FORMAT } from '../../contract/search/index.ts';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { createPageParser } from '../../pipeline/assemble/create-page-parser.ts';
import { defaultCacheDir } from '../default-cache-dir.ts';
import { openPageCache } from '../../pipeline/assemble/page-cache.ts';
import { fileCacheStorage } from '../file-cache-storage.ts';
import { createProgressBar } from '../progress-bar.ts';
import { cachedSectionEmbedder } from '../../pipeline/embeddings/cached-section-embedder.ts';
import { readSiteSource, SiteReadError } from '../read-site-source.ts';
import { readUserInput } from '../read-user-input.ts';
import { remoteTextFetcher } from '../remote-text-fetcher.ts';
import { GENERATOR } from '../generator.ts';
import { parseHttpUrl } from '../parse-http-url.ts';
import type { SectionEmbedder } from '../../pipeline/embeddings/section-embedder.ts';
import { EnvironmentSettingError, wholeNumberFromEnvironment } from '../whole-number-from-environment.ts';

interface BuildCommandOptions {
  out?: string;
  domain?: string;
  siteUrl?: string;
  publish?: boolean;
  keep: number;
  strict?: boolean;
  allowNetwork?: boolean;
  quiet?: boolean;
  cache: boolean;
  cacheDir?: string;
  threads?: number;
  embeddingsUrl?: string;
  embeddingsModel: string;
  embeddingsDimensions?: number;
}

/** The embeddings model asked for when `--embeddings-model` is not given: OpenAI's small model, which most compatible servers also name. */
const DEFAULT_EMBEDDINGS_MODEL = 'text-embedding-3-small';

/** `docsmith build <site-dir>`: builds the manifest and search artifact into an immutable build directory. */
export function buildCommand(): Command {
  return new Command('build')
    .description('Build a site into dist/<domain>/builds/<buildId>/ (manifest.json + search.json)')
    .argument('<site-dir>', 'folder holding docs.json (or the docs.json itself)')
    .option('--out <dir>', 'artifact folder of the domain (default: dist/<domain>)')
    .option('--domain <domain>', 'domain the site is served under (default: the site folder name)')
    .option(
      '--site-url <url>',
      'public base URL of the site, used for source links (default: the page Markdown the runtime serves)',
      parseHttpUrl,
    )
    .option('--publish', "point the domain's current release at this build")
    .option('--keep <n>', 'releases kept when publishing', parsePositiveInteger, 5)
    .option('--strict', 'treat warnings as errors')
    .option(
      '--allow-network',
      'fetch remote OpenAPI specs and the remote documents their $refs name (http(s) only, 15 s and 10 MB each)',
    )
    .option('--quiet', 'print only errors, the summary line and how many warnings were not shown')
    .option(
      '--cache-dir <dir>',
      'content-hash cache of parsed pages (default: $XDG_CACHE_HOME/docsmith, else node_modules/.cache/docsmith, else ~/.cache/docsmith; never inside the site)',
    )
    .option('--no-cache', 'parse every page, ignoring and not writing the cache')
    .option(
      '--threads <n>',
      'threads parsing pages, this one included (default: available cores up to 8; 1 on two cores or fewer)',
      parsePositiveInteger,
    )
    .option(
      '--embeddings-url <url>',
      'OpenAI-compatible embeddings endpoint (base URL, e.g. http://127.0.0.1:8000/v1): sections get vectors for hybrid search; key in env DOCSMITH_EMBEDDINGS_API_KEY',
      parseHttpUrl,
    )
    .option('--embeddings-model <name>', 'embeddings model, with --embeddings-url', DEFAULT_EMBEDDINGS_MODEL)
    .option(
      '--embeddings-dimensions <n>',
      "vector length to ask the model for and require (default: the model's own)",
      parsePositiveInteger,
    )
    .action(async (siteDir: string, options: BuildCommandOptions) => {
      process.exitCode = await runBuild(siteDir, options);
    });
}

async function runBuild(siteDir: string, options: BuildCommandOptions): Promise<number> {
  const started = performance.now();
  const endpoint = await sectionEmbedderOf(options);
  if (endpoint === 'usage') return EXIT_USAGE;
  const source = await readUserInput('build', () => readSiteSource(siteDir), [SiteReadError]);
  if (!source) return EXIT_USAGE;
  const siteRoot = (await stat(siteDir)).isDirectory() ? siteDir : path.dirname(siteDir);
  const domain = options.domain ?? path.basename(path.resolve(siteRoot));
  const outDir = options.out ?? path.join('dist', domain);
  const progress = createProgressBar(process.stderr, 'parsing pages');
  const cacheDir = options.cacheDir ?? defaultCacheDir(siteRoot);
  const cache = options.cache
    ? await openPageCache(
        fileCacheStorage(cacheDir),
        `${GENERATOR} pages/${PARSED_PAGE_FORMAT} terms/${PREPARED_TERMS_FORMAT}`,
      )
    : undefined;
  const embeddingsCache =
    endpoint && options.cache
      ? await cachedSectionEmbedder(endpoint, fileCacheStorage(cacheDir, 'embeddings.json'))
      : undefined;
  const embedder = embeddingsCache ?? endpoint;
  let embeddingsFailure: string | undefined;
  const result = await buildSite(source, {
    domain,
    ...(embedder ? { embedder } : {}),
    generator: GENERATOR,
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
    ...(options.allowNetwork ? { fetchRemote: remoteTextFetcher() } : {}),
    ...(cache ? { prepareTerms: cache.prepareTerms } : {}),
    parsePages: createPageParser({
      files: source.files,
      ...(cache ? { cache } : {}),
      ...(options.threads ? { threads: options.threads } : {}),
      onProgress: progress.update,
    }),
  }).catch(async (error: unknown) => {
    if (!embedder) throw error;
    const { describeEmbeddingsError } = await import('../describe-embeddings-error.ts');
    embeddingsFailure = describeEmbeddingsError(error, options.embeddingsUrl ?? '');
    if (embeddingsFailure === undefined) throw error;
    return undefined;
  });
  progress.done();
  await cache?.save().catch((error: NodeJS.ErrnoException) => {
    process.stderr.write(
      `docsmith build: page cache not saved (${error.code ?? error.message}); the next build parses every page again\n`,
    );
  });
  if (!result) {
    process.stderr.write(`docsmith build: ${embeddingsFailure}\n`);
    return EXIT_INVALID;
  }
  await embeddingsCache?.save().catch((error: NodeJS.ErrnoException) => {
    process.stderr.write(
      `docsmith build: embeddings cache not saved (${error.code ?? error.message}); the next build embeds every section again\n`,
    );
  });

  const shown = options.quiet
    ? result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
    : result.diagnostics;
  if (shown.length > 0) process.stderr.write(`${formatDiagnostics(shown, { color: process.stderr.isTTY === true })}\n`);
  const hidden = result.diagnostics.length - shown.length;
  if (hidden > 0)
    process.stderr.write(
      `${domain}: ${count(hidden, 'warning')} not shown (--quiet); \`docsmith validate ${siteDir}\` lists them\n`,
    );

  const { stats } = result;
  const failed = stats.errors > 0 || (options.strict === true && stats.warnings > 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const cachedVectors = embeddingsCache?.hits ? `, ${embeddingsCache.hits} from the cache` : '';
  const embedded = result.searchArtifact?.embeddings
    ? `, ${count(result.searchArtifact.vectors?.filter((vector) => typeof vector === 'string').length ?? 0, 'section vector')} (${result.searchArtifact.embeddings.model}, ${result.searchArtifact.embeddings.dimensions} dimensions${cachedVectors})`
    : '';
  const counts = `${count(stats.pages, 'page')} (${count(stats.endpointPages, 'endpoint page')})${embedded}, ${count(stats.warnings, 'warning')}, ${count(stats.errors, 'error')} in ${seconds}s`;
  if (!result.manifest) {
    process.stderr.write(`${domain}: build failed: ${counts}\n`);
    return EXIT_INVALID;
  }
  // A failed build writes nothing: the build folder is written to a temporary folder and moved in only on success.
  if (failed) {
    process.stdout.write(
      `${domain}: build failed${stats.errors > 0 ? '' : ' (--strict: warnings fail it)'}: ${counts}; nothing written${options.publish ? ', not published' : ''}\n`,
    );
    return EXIT_INVALID;
  }
  const written = await writeBuildDirectory(outDir, result.manifest.buildId, result.files);
  const target = buildDirectory(outDir, result.manifest.buildId);
  let publishNote = '';
  if (options.publish) {
    try {
      publishNote = (await publishBuild(outDir, result.manifest.buildId, { keep: options.keep }))
        ? ', published'
        : ', already current';
    } catch (error) {
      process.stderr.write(`${domain}: built → ${target}, not published: ${(error as Error).message}\n`);
      return EXIT_INVALID;
    }
  }
  process.stdout.write(`${domain}: built ${counts} → ${target}${written ? '' : ' (unchanged)'}${publishNote}\n`);
  return EXIT_OK;
}

/**
 * The build's embeddings client when `--embeddings-url` is given; 'usage' (after saying why) for embeddings options
 * without it or a bad DOCSMITH_EMBEDDINGS_RETRIES. The AI SDK is imported only then (~60 ms of a build's start-up).
 */
async function sectionEmbedderOf(options: BuildCommandOptions): Promise<SectionEmbedder | undefined | 'usage'> {
  if (!options.embeddingsUrl) {
    if (options.embeddingsModel === DEFAULT_EMBEDDINGS_MODEL && options.embeddingsDimensions === undefined)
      return undefined;
    process.stderr.write('docsmith build: --embeddings-model and --embeddings-dimensions need --embeddings-url\n');
    return 'usage';
  }
  let retries: number | undefined;
  try {
    retries = wholeNumberFromEnvironment(process.env, 'DOCSMITH_EMBEDDINGS_RETRIES');
  } catch (error) {
    process.stderr.write(`docsmith build: ${(error as EnvironmentSettingError).message}\n`);
    return 'usage';
  }
  const apiKey = process.env.DOCSMITH_EMBEDDINGS_API_KEY;
  const { createSectionEmbedder } = await import('../create-section-embedder.ts');
  return createSectionEmbedder({
    url: options.embeddingsUrl,
    model: options.embeddingsModel,
    ...(apiKey ? { apiKey } : {}),
    ...(options.embeddingsDimensions ? { dimensions: options.embeddingsDimensions } : {}),
    ...(retries === undefined ? {} : { maxRetries: retries }),
  });
}

function parsePositiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a positive integer');
  return parsed;
}

/** `1 warning`, `2 warnings`. */
function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

import { Command, InvalidArgumentError, Option } from 'commander';
import { parseWholeNumber } from '../whole-number-from-environment.ts';
import { createQueryEmbedder, loadSearchIndex, searchPages } from '../../runtime/search/index.ts';
import { SearchArtifactError } from '../../contract/search/index.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { BuildNotFoundError, locateBuild, readBuildFile } from '../locate-build.ts';
import { parseHttpUrl } from '../parse-http-url.ts';
import { readUserInput } from '../read-user-input.ts';

interface SearchCommandOptions {
  pageSize: number;
  version?: string;
  language?: string;
  group: string[];
  format: 'text' | 'json';
  embeddings: boolean;
  embeddingsUrl?: string;
}

/** `docsmith search <build> "query"`: ranks a built site's pages for a query, as the assistant retrieves them. */
export function searchCommand(): Command {
  return new Command('search')
    .description('Search a built site (dist/<domain>, a build directory or its search.json)')
    .argument('<build>', 'dist/<domain>, dist/<domain>/builds/<buildId> or a search.json')
    .argument('<query>', 'what to look for')
    .option('--page-size <n>', 'results to return (1..50)', parsePageSize, 5)
    .option('--version <version>', 'only this docs version')
    .option('--language <language>', 'only this language')
    .option(
      '--group <group>',
      'only pages under this navigation group (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option(
      '--embeddings-url <url>',
      'for a site built with vectors: embed the query here instead of the endpoint the artifact names (env DOCSMITH_EMBEDDINGS_URL; key in DOCSMITH_EMBEDDINGS_API_KEY)',
      parseHttpUrl,
    )
    .option('--no-embeddings', 'rank lexically: no embeddings endpoint, no built-in word vectors')
    .action(async (build: string, query: string, options: SearchCommandOptions) => {
      process.exitCode = await runSearch(build, query, options);
    });
}

async function runSearch(build: string, query: string, options: SearchCommandOptions): Promise<number> {
  const index = await readUserInput(
    'search',
    async () => loadSearchIndex(await readBuildFile(await locateBuild(build), 'search.json')),
    [BuildNotFoundError, SearchArtifactError],
  );
  if (!index) return EXIT_USAGE;
  // A version filter keeps unversioned pages, so it only narrows a versioned site; a language filter keeps only pages of that language.
  const languages = [...new Set(index.locations.flat().flatMap((location) => location.context.language ?? []))];
  const unknownVersion =
    options.version !== undefined && index.versions.length > 0 && !index.versions.includes(options.version);
  const unknownLanguage = options.language !== undefined && !languages.includes(options.language);
  if (unknownVersion || unknownLanguage) {
    const [kind, value, known] = unknownVersion
      ? ['version', options.version, index.versions]
      : ['language', options.language, languages];
    process.stderr.write(
      `docsmith search: Unexpected ${kind} \`${value}\`, ${known.length > 0 ? `expected one of: ${known.join(', ')}` : `this site has no ${kind}s`}\n`,
    );
    return EXIT_USAGE;
  }
  const filter = {
    version: options.version || undefined,
    language: options.language || undefined,
    groups: options.group,
  };
  const url = options.embeddingsUrl ?? (process.env.DOCSMITH_EMBEDDINGS_URL || undefined);
  const apiKey = process.env.DOCSMITH_EMBEDDINGS_API_KEY;
  const results = await searchPages(
    index,
    { query, pageSize: options.pageSize, filter },
    {
      ...(options.embeddings
        ? {
            embedQuery: createQueryEmbedder({ url: url || undefined, apiKey, timeoutMs: 10_000 }),
          }
        : { wordVectors: false }),
      onEmbeddingError: (error) =>
        process.stderr.write(
          `docsmith search: query not embedded (${(error as Error).message.split('\n')[0]}); lexical results\n`,
        ),
    },
  );
  if (options.format === 'json') {
    const rows = results.map(({ path, anchor, title, snippet, score, metadata }) => ({
      path,
      anchor,
      title,
      snippet,
      score,
      metadata,
    }));
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  } else if (results.length === 0) {
    process.stdout.write('No results.\n');
  } else {
    const lines = results.map(
      (result, position) =>
        `${position + 1}. ${result.title}  /${result.path}${result.anchor ? `#${result.anchor}` : ''}  (${result.score})\n   ${result.snippet.replace(/\s+/g, ' ')}`,
    );
    process.stdout.write(`${lines.join('\n\n')}\n`);
  }
  return EXIT_OK;
}

/** `--page-size`: a whole number from 1 to 50, else a usage error (exit 2). */
function parsePageSize(value: string): number {
  const pageSize = parseWholeNumber(value, 1);
  if (pageSize === undefined || pageSize > 50)
    throw new InvalidArgumentError(`Unexpected ${value}, expected a whole number from 1 to 50`);
  return pageSize;
}

import { Command, Option } from 'commander';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';
import { diagnosticsToJson } from '../../pipeline/diagnostics/diagnostics-to-json.ts';
import { formatDiagnostics } from '../../pipeline/diagnostics/format-diagnostics.ts';
import { createPageParser } from '../../pipeline/assemble/create-page-parser.ts';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { readSiteSource, SiteReadError } from '../read-site-source.ts';
import { readUserInput } from '../read-user-input.ts';
import { remoteTextFetcher } from '../remote-text-fetcher.ts';

interface ValidateCommandOptions {
  strict?: boolean;
  format: 'text' | 'json';
  allowNetwork?: boolean;
}

/** `docsmith validate <site-dir | docs.json>`: runs every check of `build` and reports its diagnostics, writing nothing. */
export function validateCommand(): Command {
  return new Command('validate')
    .description(
      'Check a site the way `build` does (configuration, pages, frontmatter, operations, redirects, links, anchors) without writing artifacts',
    )
    .argument('<site>', 'site folder or path to its docs.json (or legacy mint.json)')
    .option('--strict', 'treat warnings as errors (CI mode)')
    .option(
      '--allow-network',
      'fetch remote OpenAPI specs and the remote documents their $refs name (http(s) only, 15 s and 10 MB each)',
    )
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (site: string, options: ValidateCommandOptions) => {
      process.exitCode = await runValidate(site, options);
    });
}

async function runValidate(site: string, options: ValidateCommandOptions): Promise<number> {
  const source = await readUserInput('validate', () => readSiteSource(site), [SiteReadError]);
  if (!source) return EXIT_USAGE;
  const diagnostics = await validateSite(source, {
    ...(options.allowNetwork ? { fetchRemote: remoteTextFetcher() } : {}),
    parsePages: createPageParser({ files: source.files }),
  });
  const report = diagnosticsToJson(diagnostics, { strict: options.strict ?? false });
  if (options.format === 'json') process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(`${formatDiagnostics(diagnostics, { color: process.stdout.isTTY === true })}\n`);
  return report.valid ? EXIT_OK : EXIT_INVALID;
}

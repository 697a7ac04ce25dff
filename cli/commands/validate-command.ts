import { Command, Option } from 'commander';
import { validateConfig } from '../../pipeline/config/validate-config.ts';
import { diagnosticsToJson } from '../../pipeline/diagnostics/diagnostics-to-json.ts';
import { formatDiagnostics } from '../../pipeline/diagnostics/format-diagnostics.ts';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { readSiteSource, SiteReadError } from '../read-site-source.ts';
import { readUserInput } from '../read-user-input.ts';

interface ValidateCommandOptions {
  strict?: boolean;
  format: 'text' | 'json';
}

/** `docsmith validate <site-dir | docs.json>`: checks the configuration and reports problems with their positions. */
export function validateCommand(): Command {
  return new Command('validate')
    .description('Validate a site\'s docs.json (schema, $ref files, navigation, redirects)')
    .argument('<site>', 'site folder or path to its docs.json')
    .option('--strict', 'treat warnings as errors (CI mode)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (site: string, options: ValidateCommandOptions) => {
      process.exitCode = await runValidate(site, options);
    });
}

async function runValidate(site: string, options: ValidateCommandOptions): Promise<number> {
  const source = await readUserInput('validate', () => readSiteSource(site), [SiteReadError]);
  if (!source) return EXIT_USAGE;
  const result = validateConfig(source, { checkPageFiles: true });
  const report = diagnosticsToJson(result.diagnostics, { strict: options.strict ?? false });
  if (options.format === 'json') process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(`${formatDiagnostics(result.diagnostics, { color: process.stdout.isTTY === true })}\n`);
  return report.valid ? EXIT_OK : EXIT_INVALID;
}

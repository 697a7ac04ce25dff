import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { buildCommand } from './commands/build-command.ts';
import { diffCommand } from './commands/diff-command.ts';
import { keysCommand } from './commands/keys-command.ts';
import { searchCommand } from './commands/search-command.ts';
import { serveCommand } from './commands/serve-command.ts';
import { upgradeCommand } from './commands/upgrade-command.ts';
import { validateCommand } from './commands/validate-command.ts';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.ts';

/** An example run of each command, shown at the end of its `--help` (serve and keys carry their own). */
const EXAMPLES: Record<string, string> = {
  validate: 'docsmith validate ./docs --strict',
  build: 'docsmith build ./docs --out dist/acme --publish --site-url https://docs.acme.com',
  search: 'docsmith search dist/acme "rotate an API key" --page-size 5',
  diff: 'docsmith diff dist/acme/builds/1a2b3c4d5e6f7a8b dist/acme --format markdown --fail-on-breaking',
};

/** Runs the docsmith CLI with the given arguments (without `node` and the script) and resolves to its exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('docsmith')
    .description('Build documentation sites into manifests and search artifacts, and serve the assistant.')
    .version(packageJson.version, '-V, --version', 'print the docsmith version')
    .addHelpText('after', '\nExample:\n  $ docsmith build sites/acme --publish && docsmith keys create --domain acme --org acme && docsmith serve')
    .exitOverride()
    .showHelpAfterError('(run docsmith --help for usage)');
  for (const command of [validateCommand(), buildCommand(), upgradeCommand(), searchCommand(), diffCommand(), serveCommand(), keysCommand()]) {
    const example = EXAMPLES[command.name()];
    if (example) command.addHelpText('after', `\nExample:\n  $ ${example}`);
    program.addCommand(command.exitOverride());
    for (const subcommand of command.commands) subcommand.exitOverride();
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    throw error;
  }
}

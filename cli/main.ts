import { Command, CommanderError } from 'commander';
import { buildCommand } from './commands/build-command.ts';
import { diffCommand } from './commands/diff-command.ts';
import { keysCommand } from './commands/keys-command.ts';
import { searchCommand } from './commands/search-command.ts';
import { serveCommand } from './commands/serve-command.ts';
import { upgradeCommand } from './commands/upgrade-command.ts';
import { validateCommand } from './commands/validate-command.ts';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.ts';

/** Runs the docsmith CLI with the given arguments (without `node` and the script) and resolves to its exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('docsmith')
    .description('Build documentation sites into manifests and search artifacts, and serve the assistant.')
    .exitOverride()
    .showHelpAfterError('(run docsmith --help for usage)');
  for (const command of [validateCommand(), buildCommand(), upgradeCommand(), searchCommand(), diffCommand(), serveCommand(), keysCommand()]) {
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

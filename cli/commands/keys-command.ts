import { Command } from 'commander';

/** The `docsmith keys` command (not implemented yet). */
export function keysCommand(): Command {
  return new Command('keys').description('(not implemented yet)').action(() => {
    process.stderr.write('docsmith keys: not implemented yet\n');
    process.exitCode = 2;
  });
}

import { Command } from 'commander';

/** The `docsmith diff` command (not implemented yet). */
export function diffCommand(): Command {
  return new Command('diff').description('(not implemented yet)').action(() => {
    process.stderr.write('docsmith diff: not implemented yet\n');
    process.exitCode = 2;
  });
}

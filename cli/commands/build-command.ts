import { Command } from 'commander';

/** The `docsmith build` command (not implemented yet). */
export function buildCommand(): Command {
  return new Command('build').description('(not implemented yet)').action(() => {
    process.stderr.write('docsmith build: not implemented yet\n');
    process.exitCode = 2;
  });
}

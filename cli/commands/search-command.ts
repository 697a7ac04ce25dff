import { Command } from 'commander';

/** The `docsmith search` command (not implemented yet). */
export function searchCommand(): Command {
  return new Command('search').description('(not implemented yet)').action(() => {
    process.stderr.write('docsmith search: not implemented yet\n');
    process.exitCode = 2;
  });
}

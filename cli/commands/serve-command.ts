import { Command } from 'commander';

/** The `docsmith serve` command (not implemented yet). */
export function serveCommand(): Command {
  return new Command('serve').description('(not implemented yet)').action(() => {
    process.stderr.write('docsmith serve: not implemented yet\n');
    process.exitCode = 2;
  });
}

import { Command } from 'commander';

/** The `docsmith validate` command (not implemented yet). */
export function validateCommand(): Command {
  return new Command('validate').description('(not implemented yet)').action(() => {
    process.stderr.write('docsmith validate: not implemented yet\n');
    process.exitCode = 2;
  });
}

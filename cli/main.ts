import { Command, CommanderError } from 'commander';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.ts';
import { VERSION } from './generator.ts';

/** Each command's module, imported only when that command runs: `docsmith build` never loads fastify, `--version` loads nothing. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  validate: async () => (await import('./commands/validate-command.ts')).validateCommand(),
  build: async () => (await import('./commands/build-command.ts')).buildCommand(),
  upgrade: async () => (await import('./commands/upgrade-command.ts')).upgradeCommand(),
  search: async () => (await import('./commands/search-command.ts')).searchCommand(),
  diff: async () => (await import('./commands/diff-command.ts')).diffCommand(),
  serve: async () => (await import('./commands/serve-command.ts')).serveCommand(),
  keys: async () => (await import('./commands/keys-command.ts')).keysCommand(),
  insights: async () => (await import('./commands/insights-command.ts')).insightsCommand(),
  mcp: async () => (await import('./commands/mcp-command.ts')).mcpCommand(),
  dev: async () => (await import('./commands/dev-command.ts')).devCommand(),
};

/** An example run of each command, shown at the end of its `--help` (serve and keys carry their own). */
const EXAMPLES: Record<string, string> = {
  validate: 'docsmith validate ./docs --strict',
  upgrade: 'docsmith upgrade ./docs && docsmith validate ./docs',
  build: 'docsmith build ./docs --out dist/acme --publish --site-url https://docs.acme.com',
  search: 'docsmith search dist/acme "rotate an API key" --page-size 5',
  diff: 'docsmith diff dist/acme/builds/1a2b3c4d5e6f7a8b dist/acme --format markdown --fail-on-breaking',
  dev: 'docsmith dev ./docs --port 3000',
};

/**
 * Every command of this installation, in `--help` order, each with its example as `--help` shows it: what the
 * generated references (the README's command table, docs/reference/cli.mdx) are made from.
 */
export async function loadCommands(): Promise<Command[]> {
  const commands: Command[] = [];
  for (const name of Object.keys(COMMANDS)) {
    const command = await loadCommand(name);
    if (command) commands.push(withExample(name, command));
  }
  return commands;
}

/** A command with the example of EXAMPLES at the end of its help (serve and keys carry their own). */
function withExample(name: string, command: Command): Command {
  const example = EXAMPLES[name];
  return example ? command.addHelpText('after', `\nExample:\n  $ ${example}`) : command;
}

/** Runs the docsmith CLI with the given arguments (without `node` and the script) and resolves to its exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('docsmith')
    .description('Build documentation sites into manifests and search artifacts, and serve the assistant.')
    .version(VERSION, '-V, --version', 'print the docsmith version')
    // `--version` is the program's before a command only: `docsmith search … --version v1` keeps its own option.
    .enablePositionalOptions()
    .addHelpText(
      'after',
      '\nExample:\n  $ docsmith build sites/acme --publish && docsmith keys create --domain acme --org acme && docsmith serve',
    )
    .exitOverride()
    .showHelpAfterError('(run docsmith --help for usage)');
  const names = commandsFor(argv);
  for (const name of names) {
    const command = await loadCommand(name);
    if (!command) {
      if (names.length > 1) continue;
      process.stderr.write(
        `docsmith ${name} is not available in this installation (the runtime image leaves out the build-side dependencies); run it from the npm package or a checkout\n`,
      );
      return EXIT_USAGE;
    }
    program.addCommand(withExample(name, command).exitOverride());
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

/** The commands to register: the one named first on the command line, none for a bare `--version`, else all (for help and errors). */
function commandsFor(argv: string[]): string[] {
  const first = argv[0];
  if (first !== undefined && Object.hasOwn(COMMANDS, first)) return [first];
  if (argv.length === 1 && (first === '--version' || first === '-V')) return [];
  return Object.keys(COMMANDS);
}

/** Imports a command's module; undefined when a library it needs is not installed (the Docker image has no build-side libraries). */
async function loadCommand(name: string): Promise<Command | undefined> {
  try {
    return await (COMMANDS[name] as () => Promise<Command>)();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

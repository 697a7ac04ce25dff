import { Command, Option } from 'commander';
import { unreadableFormat } from '../../contract/artifact-format.ts';
import { MANIFEST_FORMAT_VERSION, type Manifest } from '../../schemas/manifest.ts';
import { diffManifests } from '../../pipeline/manifest/diff-manifests.ts';
import { formatDiffMarkdown } from '../../pipeline/manifest/format-diff-markdown.ts';
import { formatDiffText } from '../../pipeline/manifest/format-diff-text.ts';
import { validateManifest } from '../../pipeline/manifest/validate-manifest.ts';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { BuildNotFoundError, locateBuild, readBuildFile } from '../locate-build.ts';
import { readUserInput } from '../read-user-input.ts';

interface DiffCommandOptions {
  format: 'text' | 'json' | 'markdown';
  failOnBreaking?: boolean;
}

/** `docsmith diff <old> <new>`: what changed between two releases, and what breaks inbound links. */
export function diffCommand(): Command {
  return new Command('diff')
    .description('Compare two releases (manifest.json files, build directories or dist/<domain> folders)')
    .argument('<old>', 'the earlier release')
    .argument('<new>', 'the later release')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('--fail-on-breaking', 'exit 1 when a page is removed or moved with no redirect from its old path to a page')
    .action(async (oldTarget: string, newTarget: string, options: DiffCommandOptions) => {
      process.exitCode = await runDiff(oldTarget, newTarget, options);
    });
}

async function runDiff(oldTarget: string, newTarget: string, options: DiffCommandOptions): Promise<number> {
  const manifests = await readUserInput('diff', () => Promise.all([readManifest(oldTarget), readManifest(newTarget)]), [
    BuildNotFoundError,
  ]);
  if (!manifests) return EXIT_USAGE;
  const diff = diffManifests(...manifests);
  if (options.format === 'json') process.stdout.write(`${JSON.stringify(diff, null, 2)}\n`);
  else if (options.format === 'markdown') process.stdout.write(formatDiffMarkdown(diff));
  else process.stdout.write(formatDiffText(diff, { color: process.stdout.isTTY === true }));
  return options.failOnBreaking && diff.breaking.length > 0 ? EXIT_INVALID : EXIT_OK;
}

async function readManifest(target: string): Promise<Manifest> {
  const buildDir = await locateBuild(target);
  const manifest = await readBuildFile(buildDir, 'manifest.json');
  const formatVersion = (manifest as { formatVersion?: unknown } | null)?.formatVersion;
  const unreadable =
    formatVersion === undefined ? undefined : unreadableFormat('manifest.json', formatVersion, MANIFEST_FORMAT_VERSION);
  if (unreadable) throw new BuildNotFoundError(`${target}: ${unreadable}`);
  const problems = validateManifest(manifest);
  if (problems.length > 0) throw new BuildNotFoundError(`${target}: not a docsmith manifest (${problems[0]})`);
  return manifest as Manifest;
}

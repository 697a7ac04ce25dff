import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { LEGACY_CONFIG_FILE } from '../../pipeline/config/expand-legacy-config.ts';
import { parseJsonSource } from '../../pipeline/config/parse-json-source.ts';
import { upgradeMintConfig } from '../../pipeline/config/upgrade-mint-config.ts';
import { formatDiagnostics } from '../../pipeline/diagnostics/format-diagnostics.ts';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { readSiteSource, SiteReadError } from '../read-site-source.ts';
import { readUserInput } from '../read-user-input.ts';

interface UpgradeCommandOptions {
  force?: boolean;
}

/** `docsmith upgrade <site-dir>`: writes the docs.json equivalent to the site's legacy mint.json. */
export function upgradeCommand(): Command {
  return new Command('upgrade')
    .description(
      'Write docs.json from a legacy mint.json (the mapping `validate` and `build` use); prints what it wrote',
    )
    .argument('<site-dir>', 'folder holding mint.json')
    .option('--force', 'overwrite an existing docs.json')
    .action(async (siteDir: string, options: UpgradeCommandOptions) => {
      process.exitCode = await runUpgrade(siteDir, options);
    });
}

async function runUpgrade(siteDir: string, options: UpgradeCommandOptions): Promise<number> {
  const source = await readUserInput('upgrade', () => readSiteSource(siteDir), [SiteReadError]);
  if (!source) return EXIT_USAGE;
  const mintText = source.files.get(LEGACY_CONFIG_FILE);
  if (mintText === undefined) {
    process.stderr.write(`docsmith upgrade: ${siteDir}: no ${LEGACY_CONFIG_FILE} here, nothing to upgrade\n`);
    return EXIT_USAGE;
  }
  const target = path.join(siteDir, 'docs.json');
  if (source.files.has('docs.json') && !options.force) {
    process.stderr.write(`docsmith upgrade: ${target} already exists; pass --force to overwrite it\n`);
    return EXIT_USAGE;
  }
  const parsed = parseJsonSource(LEGACY_CONFIG_FILE, mintText);
  if (!parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    const diagnostics =
      parsed.diagnostics.length > 0
        ? parsed.diagnostics
        : [
            {
              file: LEGACY_CONFIG_FILE,
              line: 1,
              column: 1,
              severity: 'error' as const,
              ruleId: 'invalid-type' as const,
              message: 'Unexpected JSON value, expected an object',
            },
          ];
    process.stderr.write(`${formatDiagnostics(diagnostics, { color: process.stderr.isTTY === true })}\n`);
    return EXIT_INVALID;
  }
  const upgraded = upgradeMintConfig(parsed.value as Record<string, unknown>);
  const text = `${JSON.stringify(upgraded.config, null, 2)}\n`;
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    process.stderr.write(
      `docsmith upgrade: cannot write ${target} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})\n`,
    );
    return EXIT_USAGE;
  }
  process.stdout.write(text);
  const dropped = upgraded.dropped.length > 0 ? `; not carried over: ${upgraded.dropped.join(', ')}` : '';
  process.stderr.write(
    `docsmith upgrade: wrote ${target} from ${LEGACY_CONFIG_FILE}${dropped}. Run \`docsmith validate ${siteDir}\`, then delete ${LEGACY_CONFIG_FILE}.\n`,
  );
  return EXIT_OK;
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { AnalyticsStore } from '../../runtime/analytics/analytics-store.ts';
import { collectInsights, type InsightsSite } from '../../runtime/analytics/collect-insights.ts';
import { createRedisAnalyticsStore } from '../../runtime/analytics/redis-analytics-store.ts';
import { InsightsRangeError, resolveInsightsRange } from '../../runtime/analytics/resolve-insights-range.ts';
import { createSqliteAnalyticsStore } from '../../runtime/analytics/sqlite-analytics-store.ts';
import { MAX_INSIGHTS_DAYS, type InsightsQuery } from '../../runtime/analytics/store-insights.ts';
import { ArtifactError, createArtifactStore, type LoadedSite } from '../../runtime/artifacts/create-artifact-store.ts';
import { createNavigationPagesReader } from '../../runtime/artifacts/read-navigation-pages.ts';
import { parseWholeNumber } from '../whole-number-from-environment.ts';
import { StoreUnavailableError } from '../../runtime/stores/store-unavailable-error.ts';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { formatInsightsMarkdown } from '../insights/format-insights-markdown.ts';
import { formatInsightsText } from '../insights/format-insights-text.ts';

interface InsightsCommandOptions {
  domain: string;
  since: number;
  until?: string;
  version?: string;
  language?: string;
  limit: number;
  format: 'text' | 'json' | 'markdown';
  failOnGaps?: number;
  data: string;
  artifacts: string;
}

/** `docsmith insights`: what readers asked a domain's assistant and what the docs did not answer, from the store `serve` writes. */
export function insightsCommand(): Command {
  return new Command('insights')
    .description(
      "Print a domain's content gaps, question groups and page lists from the analytics store that serve writes",
    )
    .requiredOption('--domain <domain>', 'the domain whose questions are read')
    .option(
      '--since <days>',
      `the days covered, ending with --until: 7d, 2w or a number of days (at most ${MAX_INSIGHTS_DAYS})`,
      parseSince,
      7,
    )
    .option('--until <day>', 'the last day covered, YYYY-MM-DD, UTC (default: today)')
    .option('--version <version>', 'only questions answered in this version of the docs')
    .option('--language <language>', 'only questions answered in this language')
    .option('--limit <n>', 'entries per list, 1 to 100', parseLimit, 20)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option(
      '--fail-on-gaps <n>',
      'exit 1 when n or more questions hit a content gap (not found, weak, abandoned or thumbed down)',
      parseFailOnGaps,
    )
    .option(
      '--data <dir>',
      'the SQLite database of serve, used unless REDIS_URL is set (env DOCSMITH_DATA)',
      process.env.DOCSMITH_DATA ?? '.data',
    )
    .option(
      '--artifacts <dir>',
      'published builds, for closest and never cited pages (env DOCSMITH_ARTIFACTS)',
      process.env.DOCSMITH_ARTIFACTS ?? 'dist',
    )
    .addHelpText(
      'after',
      '\nExample:\n  $ docsmith insights --domain acme --since 7d --format markdown --fail-on-gaps 50 > insights.md',
    )
    .action(async (options: InsightsCommandOptions) => {
      process.exitCode = await runInsights(options);
    });
}

async function runInsights(options: InsightsCommandOptions): Promise<number> {
  let query: InsightsQuery;
  try {
    const range = resolveInsightsRange(
      { ...(options.until ? { to: options.until } : {}), days: options.since },
      new Date(),
    );
    query = {
      domain: options.domain,
      ...range,
      ...(options.version ? { version: options.version } : {}),
      ...(options.language ? { language: options.language } : {}),
      limit: options.limit,
    };
  } catch (error) {
    if (!(error instanceof InsightsRangeError)) throw error;
    process.stderr.write(
      `docsmith insights: ${error.message.replace(/^Unexpected (from|to)/, (_match, field: string) => `Unexpected ${field === 'to' ? '--until' : '--since'}`)}\n`,
    );
    return EXIT_USAGE;
  }
  const redisUrl = process.env.REDIS_URL;
  const database = path.join(options.data, 'docsmith.sqlite');
  if (!redisUrl && !existsSync(database)) {
    process.stderr.write(
      `docsmith insights: no analytics database at ${database}; pass the --data folder of docsmith serve, or set REDIS_URL\n`,
    );
    return EXIT_USAGE;
  }
  const store: AnalyticsStore = redisUrl ? createRedisAnalyticsStore(redisUrl) : createSqliteAnalyticsStore(database);
  try {
    const insights = await collectInsights(store, query, await readSite(options.artifacts, options.domain));
    if (options.format === 'json') process.stdout.write(`${JSON.stringify(insights, null, 2)}\n`);
    else if (options.format === 'markdown') process.stdout.write(formatInsightsMarkdown(insights));
    else process.stdout.write(formatInsightsText(insights));
    return options.failOnGaps !== undefined && insights.totals.gaps >= options.failOnGaps ? EXIT_INVALID : EXIT_OK;
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    process.stderr.write(`docsmith insights: ${error.message}\n`);
    return 1;
  } finally {
    await store.close();
  }
}

/** The domain's current build (search index and navigation), or undefined (with a note) when the artifacts folder has none. */
async function readSite(artifactsDir: string, domain: string): Promise<InsightsSite | undefined> {
  const leftOut = (reason: string): undefined => {
    process.stderr.write(`docsmith insights: ${reason}; closest and never cited pages left out\n`);
    return undefined;
  };
  let site: LoadedSite | undefined;
  try {
    site = await createArtifactStore({ root: artifactsDir }).get(domain);
  } catch (error) {
    if (!(error instanceof ArtifactError)) throw error;
    return leftOut(`the build of ${domain} cannot be read (${error.message})`);
  }
  if (!site) return leftOut(`no published build of ${domain} under ${artifactsDir} (pass --artifacts)`);
  const { index, buildId } = site;
  return createNavigationPagesReader(artifactsDir)(domain, buildId).then(
    (navigation) => ({ index, navigation }),
    (error: Error) => leftOut(error.message),
  );
}

/** `7d`, `2w` or a bare number of days. */
function parseSince(value: string): number {
  const match = /^(\d+)([dw]?)$/.exec(value.trim());
  const days = match ? Number(match[1]) * (match[2] === 'w' ? 7 : 1) : Number.NaN;
  if (!(days >= 1 && days <= MAX_INSIGHTS_DAYS))
    throw new InvalidArgumentError(
      `Unexpected ${value}, expected a number of days like 7d or 2w (1 to ${MAX_INSIGHTS_DAYS} days)`,
    );
  return days;
}

function parseLimit(value: string): number {
  const limit = parseWholeNumber(value, 1);
  if (limit === undefined || limit > 100)
    throw new InvalidArgumentError(`Unexpected ${value}, expected a whole number from 1 to 100`);
  return limit;
}

function parseFailOnGaps(value: string): number {
  const threshold = parseWholeNumber(value, 1);
  if (threshold === undefined) throw new InvalidArgumentError(`Unexpected ${value}, expected a whole number ≥ 1`);
  return threshold;
}

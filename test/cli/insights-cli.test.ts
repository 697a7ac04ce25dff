import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsStore, FeedbackEvent, QuestionEvent } from '../../runtime/analytics/analytics-store.ts';
import type { Insights } from '../../runtime/analytics/insights.ts';
import { createRedisAnalyticsStore } from '../../runtime/analytics/redis-analytics-store.ts';
import { createSqliteAnalyticsStore } from '../../runtime/analytics/sqlite-analytics-store.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';
import { hasRedis, redisTestUrl } from '../helpers/test-prerequisites.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../../bin/docsmith.js');
const fixtures = path.resolve(import.meta.dirname, '../fixtures/insights');
const redisUrl = hasRedis('docsmith insights on redis') ? redisTestUrl : undefined;

/** Runs the compiled CLI and resolves to its exit code and output, whatever the code. */
async function docsmith(
  args: string[],
  environment: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, ...environment };
  if (!environment.REDIS_URL) delete env.REDIS_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { env, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Records the fixture's questions and feedback (test/fixtures/insights/events.json) for `domain` as the runtime would. */
async function recordFixture(store: AnalyticsStore, domain = 'example'): Promise<void> {
  const events = JSON.parse(await readFile(path.join(fixtures, 'events.json'), 'utf8')) as ((
    QuestionEvent | FeedbackEvent
  ) & { kind: 'question' | 'feedback'; at: string })[];
  for (const { kind, ...event } of events) {
    if (kind === 'question')
      await store.recordQuestion({ ...(event as unknown as QuestionEvent), domain, at: new Date(event.at) });
    else await store.recordFeedback({ ...(event as unknown as FeedbackEvent), domain, at: new Date(event.at) });
  }
  await store.close();
}

describe('docsmith insights', { timeout: 60_000 }, () => {
  let directory: string;
  let artifacts: string;
  let data: string;
  const week = ['insights', '--domain', 'example', '--since', '7d', '--until', '2026-11-07'];
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-insights-cli-'));
    artifacts = path.join(directory, 'dist');
    data = path.join(directory, 'data');
    await publishTestSite(artifacts, 'example');
    await recordFixture(createSqliteAnalyticsStore(path.join(data, 'docsmith.sqlite'), { storeQuestionText: true }));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it.each([
    ['text', 'report.txt'],
    ['markdown', 'report.md'],
    ['json', 'report.json'],
  ])('prints the week of the fixture store as %s, byte for byte', async (format, expected) => {
    const result = await docsmith([...week, '--format', format, '--data', data, '--artifacts', artifacts]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(await readFile(path.join(fixtures, expected), 'utf8'));
  });

  it.skipIf(!redisUrl)(
    'prints the same report from the Redis store (REDIS_URL), as serve on replicas writes it',
    async () => {
      const domain = `example-${Math.random().toString(36).slice(2, 10)}`;
      await publishTestSite(artifacts, domain);
      await recordFixture(
        createRedisAnalyticsStore(redisUrl as string, undefined, { storeQuestionText: true }),
        domain,
      );
      for (const [format, expected] of [
        ['text', 'report.txt'],
        ['json', 'report.json'],
      ] as const) {
        const result = await docsmith(
          ['insights', '--domain', domain, ...week.slice(3), '--format', format, '--artifacts', artifacts],
          { REDIS_URL: redisUrl as string },
        );
        expect(result.stdout.replaceAll(domain, 'example')).toBe(await readFile(path.join(fixtures, expected), 'utf8'));
      }
    },
  );

  it('fails the build from --fail-on-gaps questions on, and leaves out what needs the build without one', async () => {
    expect((await docsmith([...week, '--data', data, '--artifacts', artifacts, '--fail-on-gaps', '10'])).code).toBe(1);
    expect((await docsmith([...week, '--data', data, '--artifacts', artifacts, '--fail-on-gaps', '11'])).code).toBe(0);
    const withoutBuild = await docsmith([
      ...week,
      '--format',
      'markdown',
      '--data',
      data,
      '--artifacts',
      path.join(directory, 'nowhere'),
    ]);
    expect(withoutBuild.code).toBe(0);
    expect(withoutBuild.stderr).toBe(
      `docsmith insights: no published build of example under ${path.join(directory, 'nowhere')} (pass --artifacts); closest and never cited pages left out\n`,
    );
    expect(withoutBuild.stdout).toContain(
      '_Never cited pages and closest pages need the published build (`--artifacts`)._',
    );
  });

  it('lists at most --limit never cited pages and says how many there are in all', async () => {
    await publishTestSite(artifacts, 'uncited');
    const uncited = ['insights', '--domain', 'uncited', ...week.slice(3), '--data', data, '--artifacts', artifacts];
    const json = JSON.parse((await docsmith([...uncited, '--format', 'json', '--limit', '1'])).stdout) as Insights;
    expect(json.neverCited).toEqual([{ path: 'quickstart', title: 'Quickstart' }]);
    expect(json.neverCitedTotal).toBe(3);
    const text = (await docsmith([...uncited, '--limit', '1'])).stdout;
    expect(text).toContain('Navigation pages never cited (1 of 3)\n  Page        Title\n  quickstart  Quickstart\n\n');
    const markdown = (await docsmith([...uncited, '--format', 'markdown', '--limit', '1'])).stdout;
    expect(markdown).toContain('<details><summary>Navigation pages never cited (1 of 3)</summary>');
    expect(markdown).not.toContain('billing');
  });

  it('explains a wrong command line in one line (exit 2)', async () => {
    expect(await docsmith(['insights', '--domain', 'example', '--data', path.join(directory, 'empty')])).toMatchObject({
      code: 2,
      stderr: `docsmith insights: no analytics database at ${path.join(directory, 'empty', 'docsmith.sqlite')}; pass the --data folder of docsmith serve, or set REDIS_URL\n`,
    });
    expect((await docsmith(['insights', '--domain', 'example', '--since', 'forever'])).stderr).toContain(
      'Unexpected forever, expected a number of days like 7d or 2w (1 to 400 days)',
    );
    expect((await docsmith(['insights', '--domain', 'example', '--until', '2026-13-01', '--data', data])).stderr).toBe(
      'docsmith insights: Unexpected --until 2026-13-01, expected a calendar day like 2026-11-01.\n',
    );
  });
});

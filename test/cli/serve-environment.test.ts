import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { reliabilityFromEnvironment } from '../../cli/reliability-from-environment.ts';
import { switchFromEnvironment } from '../../cli/switch-from-environment.ts';
import { wholeNumberFromEnvironment } from '../../cli/whole-number-from-environment.ts';

/** Runs `docsmith serve` with one environment variable set (and extra arguments) and captures stderr. */
async function serveWith(
  name: string,
  value: string,
  extraArguments: string[] = [],
): Promise<{ code: number; err: string }> {
  let err = '';
  const errors = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
  vi.stubEnv(name, value);
  try {
    return {
      code: await main([
        'serve',
        '--artifacts',
        '/nonexistent-docsmith-artifacts',
        '--data',
        '/nonexistent-docsmith-data',
        ...extraArguments,
      ]),
      err,
    };
  } finally {
    errors.mockRestore();
    vi.unstubAllEnvs();
  }
}

describe('numbers from the environment', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('reads whole numbers and refuses anything else with one message style', () => {
    expect(wholeNumberFromEnvironment({ DOCSMITH_X: ' 42 ' }, 'DOCSMITH_X')).toBe(42);
    expect(wholeNumberFromEnvironment({ DOCSMITH_X: '' }, 'DOCSMITH_X')).toBeUndefined();
    expect(wholeNumberFromEnvironment({}, 'DOCSMITH_X')).toBeUndefined();
    for (const text of ['abc', '1.5', '-1', '1e3', '0x10'])
      expect(() => wholeNumberFromEnvironment({ DOCSMITH_X: text }, 'DOCSMITH_X')).toThrow(
        `Unexpected DOCSMITH_X=${text}, expected a whole number ≥ 0`,
      );
    expect(() => wholeNumberFromEnvironment({ DOCSMITH_X: '0' }, 'DOCSMITH_X', 1)).toThrow(
      'Unexpected DOCSMITH_X=0, expected a whole number ≥ 1',
    );
  });

  it('reads a switch as 1/true/yes/on or 0/false/no/off, any case, and refuses anything else', () => {
    for (const text of ['1', 'true', 'YES', 'On'])
      expect(switchFromEnvironment({ DOCSMITH_X: text }, 'DOCSMITH_X')).toBe(true);
    for (const text of ['0', 'False', 'no', 'OFF'])
      expect(switchFromEnvironment({ DOCSMITH_X: text }, 'DOCSMITH_X')).toBe(false);
    expect(switchFromEnvironment({ DOCSMITH_X: ' ' }, 'DOCSMITH_X')).toBeUndefined();
    expect(() => switchFromEnvironment({ DOCSMITH_X: '2' }, 'DOCSMITH_X')).toThrow(
      'Unexpected DOCSMITH_X=2, expected 1 or 0 (true or false)',
    );
  });

  it('parses the reliability settings with the same parser (0 days of retention means keep forever)', () => {
    expect(
      reliabilityFromEnvironment({ DOCSMITH_STORE_TIMEOUT_MS: '1500', DOCSMITH_THREAD_RETENTION_DAYS: '0' }),
    ).toEqual({ storeTimeoutMs: 1500, threadRetentionDays: 0 });
    expect(reliabilityFromEnvironment({ DOCSMITH_ANALYTICS_RETENTION_DAYS: '90' })).toEqual({
      analyticsRetentionDays: 90,
    });
    expect(reliabilityFromEnvironment({ DOCSMITH_SHUTDOWN_GRACE_MS: '0' })).toEqual({ shutdownGraceMs: 0 });
    expect(() => reliabilityFromEnvironment({ DOCSMITH_BODY_TIMEOUT_MS: 'abc' })).toThrow(
      'Unexpected DOCSMITH_BODY_TIMEOUT_MS=abc, expected a whole number ≥ 1',
    );
  });

  it.each([
    ['DOCSMITH_LIMIT_IP_DAY', 'abc', 'Unexpected DOCSMITH_LIMIT_IP_DAY=abc, expected a whole number ≥ 1'],
    ['DOCSMITH_STORE_TIMEOUT_MS', 'abc', 'Unexpected DOCSMITH_STORE_TIMEOUT_MS=abc, expected a whole number ≥ 1'],
    ['PORT', 'abc', 'Unexpected PORT=abc, expected a whole number ≥ 0'],
    ['DOCSMITH_METRICS_PORT', '70000', 'Unexpected DOCSMITH_METRICS_PORT=70000, expected a port number (0 to 65535)'],
    ['DOCSMITH_ARTIFACT_MEMORY_MB', '0', 'Unexpected DOCSMITH_ARTIFACT_MEMORY_MB=0, expected a whole number ≥ 1'],
    ['DOCSMITH_SHUTDOWN_GRACE_MS', '10s', 'Unexpected DOCSMITH_SHUTDOWN_GRACE_MS=10s, expected a whole number ≥ 0'],
    ['DOCSMITH_FEEDBACK_LIMIT_IP_DAY', '0', 'Unexpected DOCSMITH_FEEDBACK_LIMIT_IP_DAY=0, expected a whole number ≥ 1'],
    ['DOCSMITH_ADMIN', 'maybe', 'Unexpected DOCSMITH_ADMIN=maybe, expected 1 or 0 (true or false)'],
    ['DOCSMITH_PLAYGROUND', 'disabled', 'Unexpected DOCSMITH_PLAYGROUND=disabled, expected 1 or 0 (true or false)'],
    [
      'ASSISTANT_LLM_BASE_URL',
      'localhost:11434/v1',
      'Unexpected ASSISTANT_LLM_BASE_URL=localhost:11434/v1, expected an http:// or https:// URL',
    ],
    [
      'DOCSMITH_SITE_HOSTS',
      'docs.acme.com=acme,docs.acme.com',
      'DOCSMITH_SITE_HOSTS: Unexpected site host `docs.acme.com`, expected <host>=<domain> (docs.acme.com=acme) or <host>/<base path>=<domain> (acme.com/docs=acme)',
    ],
  ])('`serve` with %s=%s is a usage error (exit 2) with one line, no stack trace', async (name, value, message) => {
    const { code, err } = await serveWith(name, value);
    expect(code).toBe(2);
    expect(err).toBe(`docsmith serve: ${message}\n`);
  });

  it.each([
    ['--limit-ip-day', '1.5', 'Unexpected 1.5, expected a whole number ≥ 1'],
    ['--analytics-retention-days', '-1', 'Unexpected -1, expected a whole number ≥ 0'],
    [
      '--site-host',
      'https://docs.acme.com=acme',
      'Unexpected site host `https://docs.acme.com=acme`, expected <host>=<domain>',
    ],
    [
      '--site-host',
      'docs.acme.com=acme..docs',
      'Unexpected site host `docs.acme.com=acme..docs`, expected <host>=<domain>',
    ],
    ['--shutdown-grace', '2.5', 'Unexpected 2.5, expected a whole number ≥ 0'],
  ])('`serve %s %s` is a usage error in the same words', async (flag, value, message) => {
    const { code, err } = await serveWith('DOCSMITH_UNUSED', '', [flag, value]);
    expect(code).toBe(2);
    expect(err).toContain(message);
  });
});

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calendarWindow } from '../../runtime/limits/calendar-window.ts';
import { createLimiter, type LimiterOptions } from '../../runtime/limits/create-limiter.ts';
import { hasRedis, redisTestUrl } from '../helpers/test-prerequisites.ts';

const redisUrl = hasRedis('limits on redis') ? redisTestUrl : undefined;
const directories: string[] = [];
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});
async function sqlitePath(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-limits-'));
  directories.push(directory);
  return path.join(directory, 'docsmith.sqlite');
}
const unique = (): string => Math.random().toString(36).slice(2);

const stores: [LimiterOptions['store'], boolean][] = [
  ['memory', true],
  ['sqlite', true],
  ['redis', Boolean(redisUrl)],
];

describe.each(stores)('limits on %s', (store, available) => {
  const open = async (limits: LimiterOptions['limits'], file?: string) =>
    createLimiter({
      store,
      limits,
      ...(store === 'sqlite' ? { sqlitePath: file ?? (await sqlitePath()) } : {}),
      ...(store === 'redis' ? { redisUrl } : {}),
    });

  it.skipIf(!available)('lets exactly 20 of 50 concurrent requests through a limit of 20', async () => {
    const limiter = await open({ perKeyPerMonth: 20 });
    const subject = { keyId: `key-${unique()}`, org: `org-${unique()}`, ip: `ip-${unique()}` };
    const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(subject)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(20);
    const refused = decisions.find((decision) => !decision.allowed);
    expect(refused).toMatchObject({ scope: 'key', limit: 20, remaining: 0 });
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    await limiter.close();
  });

  it.skipIf(!available)(
    'leaves a second key of the org its full quota while 50 concurrent requests hit a key limit of 20',
    async () => {
      const limiter = await open({ perKeyPerMonth: 20, perOrgPerHour: 40 });
      const org = `org-${unique()}`;
      const busy = { keyId: `key-${unique()}`, org, ip: `ip-${unique()}` };
      const quiet = { keyId: `key-${unique()}`, org, ip: `ip-${unique()}` };
      const [busyDecisions, quietDecisions] = await Promise.all([
        Promise.all(Array.from({ length: 50 }, () => limiter.consume(busy))),
        Promise.all(Array.from({ length: 20 }, () => limiter.consume(quiet))),
      ]);
      expect(busyDecisions.filter((decision) => decision.allowed)).toHaveLength(20);
      expect(quietDecisions.filter((decision) => decision.allowed)).toHaveLength(20);
      expect(await limiter.consume({ keyId: `key-${unique()}`, org, ip: 'x' })).toMatchObject({
        allowed: false,
        scope: 'org',
      });
      await limiter.close();
    },
  );

  it.skipIf(!available || store === 'memory')('refunds the org counter that refused a request', async () => {
    const file = await sqlitePath();
    const limiter = await open({ perKeyPerMonth: 100, perOrgPerHour: 2 }, file);
    const org = `org-${unique()}`;
    const subject = { keyId: `key-${unique()}`, org, ip: `ip-${unique()}` };
    for (let attempt = 0; attempt < 10; attempt += 1) await limiter.consume(subject);
    const later = await open({ perKeyPerMonth: 100, perOrgPerHour: 4 }, file);
    const decisions = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      decisions.push((await later.consume({ ...subject, keyId: `key-${unique()}` })).allowed);
    expect(decisions).toEqual([true, true, false]);
    await Promise.all([limiter.close(), later.close()]);
  });

  it.skipIf(!available)('keeps the feedback budget apart from the message budget on the same store', async () => {
    const file = await sqlitePath();
    const messages = await open({ perKeyPerMonth: 2 }, file);
    const feedback = await createLimiter({
      store,
      budget: 'feedback',
      limits: { perKeyPerMonth: 2 },
      ...(store === 'sqlite' ? { sqlitePath: file } : {}),
      ...(store === 'redis' ? { redisUrl } : {}),
    });
    const subject = { keyId: `key-${unique()}`, org: `org-${unique()}`, ip: `ip-${unique()}` };
    const spent = [];
    for (let attempt = 0; attempt < 3; attempt += 1) spent.push((await feedback.consume(subject)).allowed);
    expect(spent).toEqual([true, true, false]);
    expect(await messages.consume(subject)).toMatchObject({ allowed: true, remaining: 1 });
    await Promise.all([messages.close(), feedback.close()]);
  });

  it.skipIf(!available)('counts a refused request against no limit', async () => {
    const limiter = await open({ perKeyPerMonth: 2, perOrgPerHour: 3 });
    const org = `org-${unique()}`;
    const ip = `ip-${unique()}`;
    const sameKey = `key-${unique()}`;
    const firstFive = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      firstFive.push((await limiter.consume({ keyId: sameKey, org, ip })).allowed);
    expect(firstFive).toEqual([true, true, false, false, false]);
    const otherKey = await limiter.consume({ keyId: `key-${unique()}`, org, ip });
    expect(otherKey).toMatchObject({ allowed: true, scope: 'org', remaining: 0 });
    const orgExhausted = await limiter.consume({ keyId: `key-${unique()}`, org, ip });
    expect(orgExhausted).toMatchObject({ allowed: false, scope: 'org' });
    await limiter.close();
  });
});

describe('limits on one SQLite file shared by two processes', () => {
  it('takes all-or-nothing across both', async () => {
    const file = await sqlitePath();
    expect(
      await takeInTwoProcesses(file, () =>
        createLimiter({ store: 'sqlite', sqlitePath: file, limits: { perKeyPerMonth: 20, perOrgPerHour: 40 } }),
      ),
    ).toEqual({ busyAllowed: 20, quietAllowed: 20 });
  });
});

describe('limits survive a restart', () => {
  it('keeps SQLite counters across close and reopen', async () => {
    const file = await sqlitePath();
    const subject = { keyId: 'key-restart', org: 'org-restart', ip: '10.0.0.1' };
    const first = await createLimiter({ store: 'sqlite', sqlitePath: file, limits: { perKeyPerMonth: 5 } });
    for (let attempt = 0; attempt < 3; attempt += 1) await first.consume(subject);
    await first.close();
    const second = await createLimiter({ store: 'sqlite', sqlitePath: file, limits: { perKeyPerMonth: 5 } });
    expect((await second.consume(subject)).remaining).toBe(1);
    expect((await second.consume(subject)).allowed).toBe(true);
    expect((await second.consume(subject)).allowed).toBe(false);
    await second.close();
  });
});

describe('calendar windows (UTC)', () => {
  it('ends a month, day and hour window at the calendar boundary', () => {
    const now = new Date(Date.UTC(2026, 10, 30, 23, 59, 30));
    expect(calendarWindow('month', now)).toEqual({ id: '2026-11', secondsLeft: 30 });
    expect(calendarWindow('day', now)).toEqual({ id: '2026-11-30', secondsLeft: 30 });
    expect(calendarWindow('hour', now)).toEqual({ id: '2026-11-30T23', secondsLeft: 30 });
  });
});

describe.skipIf(!redisUrl)('limits shared by two replicas on one Redis (skipped: REDIS_TEST_URL is not set)', () => {
  it('takes all-or-nothing across two limiter instances', async () => {
    const [first, second] = await Promise.all(
      [1, 2].map(() => createLimiter({ store: 'redis', redisUrl, limits: { perKeyPerMonth: 20, perOrgPerHour: 40 } })),
    );
    const org = `org-${unique()}`;
    const busy = { keyId: `key-${unique()}`, org, ip: '10.0.0.1' };
    const quiet = { keyId: `key-${unique()}`, org, ip: '10.0.0.2' };
    const decisions = await Promise.all([
      ...Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? first : second)?.consume(busy)),
      ...Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? second : first)?.consume(quiet)),
    ]);
    expect(decisions.slice(0, 50).filter((decision) => decision?.allowed)).toHaveLength(20);
    expect(decisions.slice(50).filter((decision) => decision?.allowed)).toHaveLength(20);
    await Promise.all([first?.close(), second?.close()]);
  });

  it('takes all-or-nothing across two processes', async () => {
    expect(
      await takeInTwoProcesses(redisUrl as string, () =>
        createLimiter({ store: 'redis', redisUrl, limits: { perKeyPerMonth: 20, perOrgPerHour: 40 } }),
      ),
    ).toEqual({ busyAllowed: 20, quietAllowed: 20 });
  });
});

/** Runs 25 takes of a busy key in a second process and 25 + 20 (busy, quiet key of the same org) here, at once; returns how many each side allowed. */
async function takeInTwoProcesses(
  store: string,
  createHere: () => ReturnType<typeof createLimiter>,
): Promise<{ busyAllowed: number; quietAllowed: number }> {
  const org = `org-${unique()}`;
  const busy = `key-${unique()}`;
  const quiet = `key-${unique()}`;
  const script = path.resolve(import.meta.dirname, '../reliability/take-limits-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, store, busy, org, '25', '20', '40'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const nextLine = () =>
    new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  expect(await nextLine()).toBe('ready');
  const limiter = await createHere();
  const childAllowed = nextLine();
  child.stdin.write('go\n');
  const decisions = await Promise.all([
    ...Array.from({ length: 25 }, () => limiter.consume({ keyId: busy, org, ip: '10.1.1.2' })),
    ...Array.from({ length: 20 }, () => limiter.consume({ keyId: quiet, org, ip: '10.1.1.3' })),
  ]);
  const busyAllowed = decisions.slice(0, 25).filter((decision) => decision.allowed).length + Number(await childAllowed);
  await limiter.close();
  child.kill();
  return { busyAllowed, quietAllowed: decisions.slice(25).filter((decision) => decision.allowed).length };
}

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createRedisKeyStore } from '../../runtime/auth/redis-key-store.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askRequest, createReliabilityFixture, type ReliabilityFixture } from './reliability-app.ts';

const redisUrl = process.env.REDIS_TEST_URL;
const cli = path.resolve(import.meta.dirname, '../../bin/docsmith.js');

describe.skipIf(!redisUrl)('two app instances on one Redis (skipped: REDIS_TEST_URL is not set)', () => {
  let fixture: ReliabilityFixture;
  let apps: [FastifyInstance, FastifyInstance];
  let keys: string[];
  let threadKey: string;
  const org = `org-${Math.random().toString(36).slice(2)}`;
  beforeAll(async () => {
    const flush = new Redis(redisUrl as string);
    await flush.del('docsmith:keys');
    flush.disconnect();
    fixture = await createReliabilityFixture();
    const environment = { ...process.env, REDIS_URL: redisUrl };
    const run = (...args: string[]) => promisify(execFile)(process.execPath, [cli, ...args], { env: environment });
    const admin = await createRedisKeyStore({ url: redisUrl as string });
    const doomed = await admin.create({ domains: ['example'], org, name: 'doomed' });
    const [created, revoked] = await Promise.all([
      run('keys', 'create', '--domain', 'example', '--org', org),
      run('keys', 'revoke', doomed.record.id),
    ]);
    expect(revoked.stdout).toContain(`Revoked ${doomed.record.id}.`);
    keys = [created.stdout.trim(), (await admin.create({ domains: ['example'], org })).key, doomed.key];
    threadKey = (await admin.create({ domains: ['example'], org: `${org}-threads` })).key;
    await admin.close();
    const listed = (await run('keys', 'list')).stdout;
    expect(listed.split('\n').filter((line) => line.includes(`org=${org} `))).toHaveLength(3);
    expect(listed).toMatch(/revoked=.*name=doomed/);
    const options = {
      redisUrl,
      dataDir: path.join(fixture.directory, 'replica-data'),
      limits: { perKeyPerMonth: 20, perOrgPerHour: 40 },
    };
    apps = [await fixture.build(options), await fixture.build(options)];
  });
  afterAll(() => fixture?.cleanup());

  it('shares keys created and revoked from the CLI, with no keys file', async () => {
    for (const app of apps) {
      expect(
        (
          await app.inject({
            url: '/v1/assistant/example/threads?fp=x',
            headers: { authorization: `Bearer ${keys[0]}` },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await app.inject({
            url: '/v1/assistant/example/threads?fp=x',
            headers: { authorization: `Bearer ${keys[2]}` },
          })
        ).statusCode,
      ).toBe(401);
    }
  });

  it('opens on one replica a citation link signed on the other', async () => {
    const [first, second] = apps;
    const answer = await first.inject(
      askRequest(threadKey, {
        fp: 'signed-link',
        messages: [{ id: 'm1', role: 'user', content: 'Which variable skips the login in CI?' }],
      }),
    );
    const link = /"url":"(http:\/\/[^"]+\.md\?sig=[^"#]+)/.exec(answer.body)?.[1] as string;
    expect(link).toMatch(/\/sites\/example\/.+\.md\?sig=[0-9a-f]{12}\.[\w-]{22}$/);
    const local = new URL(link);
    expect((await second.inject({ url: `${local.pathname}${local.search}` })).statusCode).toBe(200);
  });

  it('shares limits: 50 concurrent requests of one key over both replicas leave the other key its full quota', async () => {
    const search = (key: string) => ({
      method: 'POST' as const,
      url: '/v1/search/example',
      headers: { authorization: `Bearer ${key}` },
      payload: { query: 'install' },
    });
    const responses = await Promise.all([
      ...Array.from({ length: 50 }, (_, index) => apps[index % 2]?.inject(search(keys[0] as string))),
      ...Array.from({ length: 20 }, (_, index) => apps[(index + 1) % 2]?.inject(search(keys[1] as string))),
    ]);
    expect(responses.slice(0, 50).filter((response) => response?.statusCode === 200)).toHaveLength(20);
    expect(responses.slice(50).filter((response) => response?.statusCode === 200)).toHaveLength(20);
    expect(responses.every((response) => response !== undefined && [200, 429].includes(response.statusCode))).toBe(
      true,
    );
  });

  it('shares threads: a thread started on one replica continues and lists on the other', async () => {
    const fp = `fp-${Math.random().toString(36).slice(2)}`;
    const [first, second] = apps;
    const key = threadKey;
    const started = await first.inject(
      askRequest(key, { fp, messages: [{ role: 'user', content: 'How do I install the CLI?' }] }),
    );
    const threadId = started.headers['x-thread-id'] as string;
    const continued = await second.inject(
      askRequest(key, { fp, threadId, messages: [{ role: 'user', content: 'and in CI?' }] }),
    );
    expect(continued.headers['x-thread-id']).toBe(threadId);
    const listed = await first.inject({
      url: `/v1/assistant/example/threads?fp=${fp}`,
      headers: { authorization: `Bearer ${key}` },
    });
    const thread = (listed.json() as { threads: { threadId: string; messages: { role: string; text: string }[] }[] })
      .threads[0];
    expect(thread?.threadId).toBe(threadId);
    expect(thread?.messages.filter((message) => message.role === 'user').map((message) => message.text)).toEqual([
      'How do I install the CLI?',
      'and in CI?',
    ]);
  });
});

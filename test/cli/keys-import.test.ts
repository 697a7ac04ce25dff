import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { createRedisKeyStore } from '../../runtime/auth/redis-key-store.ts';
import { freePort, hasRedisServer, startRedis } from '../helpers/private-redis.ts';

/** Runs the CLI in process and captures what it writes. */
async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  try {
    return { code: await main(argv), out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

describe.skipIf(!hasRedisServer)('keys import (skipped: no redis-server on the PATH)', () => {
  let redis: ChildProcess;
  let redisUrl: string;
  let directory: string;
  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    redisUrl = `redis://127.0.0.1:${port}`;
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-keys-import-'));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    process.exitCode = undefined;
  });
  afterAll(async () => {
    redis?.kill();
    await rm(directory, { recursive: true, force: true });
  });

  it('moves the keys of a keys file into Redis: the same keys verify, revoked ones stay revoked, a second run adds none', async () => {
    const file = createKeyStore({ file: path.join(directory, 'keys.json') });
    const kept = file.create({ domains: ['acme'], org: 'acme', origins: ['https://docs.acme.com'] });
    const revoked = file.create({ domains: ['acme'], org: 'acme' });
    file.revoke(revoked.record.id);

    vi.stubEnv('REDIS_URL', redisUrl);
    const first = await run(['keys', 'import', '--data', directory]);
    expect(first.out).toBe(`Imported 2 keys from ${path.join(directory, 'keys.json')} into Redis.\n`);
    const second = await run(['keys', 'import', '--data', directory]);
    expect(second.out).toContain('Imported 0 keys');
    expect(second.out).toContain(`2 already there, left as they are (${kept.record.id}, ${revoked.record.id})`);

    const shared = await createRedisKeyStore({ url: redisUrl });
    try {
      expect(shared.verify(kept.key, 'acme')).toMatchObject({ ok: true, origins: ['https://docs.acme.com'] });
      expect(shared.verify(revoked.key, 'acme')).toEqual({ ok: false, reason: 'invalid' });
      expect(shared.signPage(kept.record.id, 'acme', 'quickstart')).toBe(
        file.signPage(kept.record.id, 'acme', 'quickstart'),
      );
    } finally {
      await shared.close();
    }
  });

  it('needs REDIS_URL (exit 2) and a keys file holding keys (exit 1)', async () => {
    expect(await run(['keys', 'import', '--data', directory])).toMatchObject({ code: 2, out: '' });
    vi.stubEnv('REDIS_URL', redisUrl);
    const empty = await run(['keys', 'import', '--data', path.join(directory, 'none')]);
    expect(empty).toMatchObject({ code: 1, out: '' });
    expect(empty.err).toBe(`docsmith keys import: no keys in ${path.join(directory, 'none', 'keys.json')}\n`);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp, type AppOptions } from '../../runtime/http/build-app.ts';
import { publishTestSite } from '../helpers/publish-test-site.ts';

/** A published test site (`example`), a data folder with keys of one org, and a way to build apps on them. */
export interface ReliabilityFixture {
  directory: string;
  artifactsDir: string;
  dataDir: string;
  /** Two keys of org `org-1` for domain `example`. */
  keys: [string, string];
  build(options?: Partial<AppOptions>): Promise<FastifyInstance>;
  cleanup(): Promise<void>;
}

/** Creates the fixture in a temporary folder; `cleanup` closes every app built from it and removes the folder. */
export async function createReliabilityFixture(): Promise<ReliabilityFixture> {
  const directory = await mkdtemp(path.join(tmpdir(), 'docsmith-reliability-'));
  const artifactsDir = path.join(directory, 'dist');
  const dataDir = path.join(directory, 'data');
  await publishTestSite(artifactsDir, 'example');
  const keyStore = createKeyStore({ file: path.join(dataDir, 'keys.json') });
  const keys: [string, string] = [
    keyStore.create({ domains: ['example'], org: 'org-1' }).key,
    keyStore.create({ domains: ['example'], org: 'org-1' }).key,
  ];
  const apps: FastifyInstance[] = [];
  return {
    directory,
    artifactsDir,
    dataDir,
    keys,
    async build(options = {}) {
      const app = await buildApp({ artifactsDir, dataDir, logger: false, ...options });
      apps.push(app);
      return app;
    },
    async cleanup() {
      await Promise.allSettled(apps.map((app) => app.close()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A POST of an assistant question with the given key. */
export function askRequest(key: string, body: unknown, domain = 'example') {
  return {
    method: 'POST' as const,
    url: `/v1/assistant/${domain}/message`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createKeyStore, type KeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp, type AppOptions } from '../../runtime/http/build-app.ts';
import { publishTestSite } from './publish-test-site.ts';

/** One site a test app serves: its domain, its files (default: `testSiteFiles()`) and its public URL (default none). */
export interface TestAppSite {
  domain: string;
  files?: Record<string, string>;
  siteUrl?: string;
}

/** Options of `startKeyedTestApp`. */
export interface KeyedTestAppOptions {
  /** Prefix of the temporary folder's name (default `docsmith-app-`). */
  prefix?: string;
  /** Sites published before the app starts (default: `example` with the test site). */
  sites?: TestAppSite[];
  /** Domains the key is for (default `['example']`). */
  keyDomains?: string[];
  /** Options of `buildApp` besides the folders (default `{ logger: false, limitStore: 'memory' }`, merged). */
  app?: Omit<AppOptions, 'artifactsDir' | 'dataDir'>;
}

/** A runtime app over sites published in a temporary folder, with one key for their domains. */
export interface KeyedTestApp {
  app: FastifyInstance;
  /** A key of org `org` for `keyDomains`. */
  key: string;
  keys: KeyStore;
  /** The temporary folder: `dist/` holds the published builds, `data/` the stores. */
  directory: string;
  /** The build id published for each domain. */
  buildIds: Record<string, string>;
  /** Closes the app and removes the temporary folder. */
  close(): Promise<void>;
}

/** Publishes the sites, creates a key and builds the app (not listening; call `app.listen` for a real socket). */
export async function startKeyedTestApp(options: KeyedTestAppOptions = {}): Promise<KeyedTestApp> {
  const directory = await mkdtemp(path.join(tmpdir(), options.prefix ?? 'docsmith-app-'));
  const buildIds: Record<string, string> = {};
  for (const site of options.sites ?? [{ domain: 'example' }]) {
    buildIds[site.domain] = await publishTestSite(path.join(directory, 'dist'), site.domain, site.files, site.siteUrl);
  }
  const keys = createKeyStore({ file: path.join(directory, 'data', 'keys.json') });
  const key = keys.create({ domains: options.keyDomains ?? ['example'], org: 'org' }).key;
  const app = await buildApp({
    logger: false,
    limitStore: 'memory',
    ...options.app,
    artifactsDir: path.join(directory, 'dist'),
    dataDir: path.join(directory, 'data'),
  });
  return {
    app,
    key,
    keys,
    directory,
    buildIds,
    async close() {
      await app.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
